#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A joinable POSIX thread whose creation can fail visibly (Foundation's `Thread` gives no
/// sign when the system refuses a thread, so waiting for it would hang).
package final class WorkerThread {
    private final class Body {
        let run: () -> Void
        init(_ run: @escaping () -> Void) { self.run = run }
    }

    #if canImport(Glibc)
    private var thread = pthread_t()
    #else
    private var thread: pthread_t?
    #endif

    /// Starts `body` on a new thread; nil when the system cannot create one.
    package init?(_ body: @escaping () -> Void) {
        let context = Unmanaged.passRetained(Body(body)).toOpaque()
        let status = pthread_create(&thread, nil, { context in
            #if canImport(Glibc)
            let body = Unmanaged<Body>.fromOpaque(context!).takeRetainedValue()
            #else
            let body = Unmanaged<Body>.fromOpaque(context).takeRetainedValue()
            #endif
            body.run()
            return nil
        }, context)
        guard status == 0 else {
            Unmanaged<Body>.fromOpaque(context).release()
            return nil
        }
    }

    /// Waits for the thread to finish.
    package func join() {
        #if canImport(Glibc)
        pthread_join(thread, nil)
        #else
        if let thread { pthread_join(thread, nil) }
        #endif
    }
}
