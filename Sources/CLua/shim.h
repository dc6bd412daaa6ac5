/*
 * shim.h — the C side of SpringKitSim's Lua binding.
 *
 * Swift cannot call Lua's function-like macros, and a Lua error must never
 * `longjmp` through a Swift frame (it would skip releases and `defer`). This
 * header therefore holds:
 *
 *   1. `static inline` replacements for the macros the binding uses;
 *   2. the per-state runtime (memory cap, instruction budget, the Swift
 *      dispatcher), kept in the state's extra space;
 *   3. the trampoline every Swift function is called through: the Swift side
 *      returns a status, and the trampoline raises the Lua error only after
 *      the Swift frame has returned;
 *   4. the allocator with a memory cap, the count hook with an instruction
 *      budget, and the traceback message handler.
 */
#ifndef SPRINGKIT_CLUA_SHIM_H
#define SPRINGKIT_CLUA_SHIM_H

#include <lua.h>
#include <lauxlib.h>
#include <lualib.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

/* ---- 1. Macros as functions ------------------------------------------- */

static inline int skl_registryindex(void) { return LUA_REGISTRYINDEX; }
static inline int skl_upvalueindex(int i) { return lua_upvalueindex(i); }
static inline void skl_pop(lua_State *L, int n) { lua_pop(L, n); }
static inline void skl_newtable(lua_State *L) { lua_newtable(L); }
static inline int skl_getmetatable(lua_State *L, const char *name) { return luaL_getmetatable(L, name); }
static inline const char *skl_tostring(lua_State *L, int i) { return lua_tostring(L, i); }
static inline lua_Number skl_tonumber(lua_State *L, int i, int *isnum) { return lua_tonumberx(L, i, isnum); }
static inline lua_Integer skl_tointeger(lua_State *L, int i, int *isnum) { return lua_tointegerx(L, i, isnum); }
static inline void skl_insert(lua_State *L, int i) { lua_insert(L, i); }
static inline void skl_remove(lua_State *L, int i) { lua_remove(L, i); }
static inline void skl_replace(lua_State *L, int i) { lua_replace(L, i); }
static inline int skl_isnoneornil(lua_State *L, int i) { return lua_isnoneornil(L, i); }
static inline int skl_istable(lua_State *L, int i) { return lua_istable(L, i); }
static inline int skl_isfunction(lua_State *L, int i) { return lua_isfunction(L, i); }
static inline void *skl_newuserdata(lua_State *L, size_t size) { return lua_newuserdatauv(L, size, 0); }
static inline const char *skl_typename(lua_State *L, int i) { return luaL_typename(L, i); }
static inline int skl_loadtext(lua_State *L, const char *buf, size_t size, const char *name) {
    /* Text chunks only: a binary chunk is refused with "attempt to load a binary chunk". */
    return luaL_loadbufferx(L, buf, size, name, "t");
}

/* Reads the `n` values from stack index `first` on into `out` when every one is a number
 * (no string conversion); returns 1 then, else 0. Never raises. */
static inline int skl_tonumbers(lua_State *L, int first, int n, double *out) {
    for (int i = 0; i < n; i++) {
        if (lua_type(L, first + i) != LUA_TNUMBER) return 0;
        out[i] = lua_tonumberx(L, first + i, NULL);
    }
    return 1;
}

/* ---- 2. Runtime kept in the extra space -------------------------------- */

/* The Swift dispatcher: called for every Swift function. Returns the number
 * of results (>= 0), or SKL_RAISE_WHERE / SKL_RAISE_RAW with an error message
 * on top of the stack. It must never raise a Lua error itself. */
typedef int (*skl_Dispatch)(lua_State *L);
/* Releases one retained Swift object held by a userdata (from `__gc`). */
typedef void (*skl_Release)(void *object);

enum { SKL_RAISE_WHERE = -1, SKL_RAISE_RAW = -2 };

/* What a run stopped by its host (`skl_Runtime.cancel`) fails with. */
#define SKL_CANCELLED_MESSAGE "cancelled: a newer run replaced this one"


typedef struct skl_Runtime {
    size_t memoryUsed;          /* bytes currently allocated by Lua */
    size_t memoryPeak;          /* the most ever allocated at once (Lua and engine) */
    size_t memoryLimit;         /* 0: no cap */
    size_t engineBytes;         /* bytes the Swift engine reserved for the script (counted against the cap) */
    long long instructionLimit; /* 0: no budget */
    long long instructionsUsed; /* VM instructions (in steps of hookInterval) plus work the engine charged */
    double deadline;            /* skl_now() past which the script is stopped; 0: none */
    double timeoutSeconds;      /* the --timeout the deadline came from, for the message */
    int hookInterval;
    int budgetExceeded;
    int timedOut;
    int cancelled;              /* the host's flag was seen set: the run stops as a timed-out one does */
    const int *cancel;          /* set by the host (another thread may raise it, skl_raise_flag): stop the run; NULL: none */
    int memoryExceeded;
    int closing;                /* set while lua_close runs finalizers: Swift functions refuse to run */
    int inSwift;                /* set while the innermost running code is a Swift call: allocations are not refused */
    int finalizersInSwift;      /* finalizers running inside a Swift call (they may not call Swift again) */
    skl_Dispatch dispatch;
    skl_Release release;
    void *context;              /* the Swift engine (unretained) */
    /* The small-block pool (see 4a): free blocks per size class, the slabs they come from. */
    void *poolFree[16];
    void *poolSlabs;
    char *poolCursor;
    size_t poolLeft;
} skl_Runtime;

static inline skl_Runtime *skl_runtime(lua_State *L) {
    return *(skl_Runtime **)lua_getextraspace(L);
}

/* A protected call, also from inside a Swift function (a Lua hook the engine calls back): the
 * called Lua code allocates under the memory cap again, since a refusal unwinds to this pcall
 * and not through the Swift frame. */
static inline int skl_pcall(lua_State *L, int nargs, int nresults, int msgh) {
    skl_Runtime *rt = skl_runtime(L);
    int outer = rt->inSwift;
    rt->inSwift = 0;
    int status = lua_pcall(L, nargs, nresults, msgh);
    rt->inSwift = outer;
    return status;
}

/* ---- 4a. Allocator with a memory cap ------------------------------------ */

/* Blocks of at most SKL_POOL_LARGEST bytes (Lua's tables, strings, closures: most of what a
 * script allocates and frees by the thousand) come from per-state pools, one per 16-byte size
 * class, carved from 64 KiB slabs and recycled on free; larger blocks from malloc. Lua gives
 * every block's size when it frees or resizes it, so a block's size says where it came from.
 * The slabs go back to the system when the state closes (skl_freepools). */
enum { SKL_POOL_LARGEST = 256, SKL_POOL_SLAB = 64 * 1024 };

static inline size_t skl_poolclass(size_t size) { return (size - 1) >> 4; }

static void *skl_poolalloc(skl_Runtime *rt, size_t size) {
    size_t c = skl_poolclass(size);
    void *p = rt->poolFree[c];
    if (p != NULL) {
        rt->poolFree[c] = *(void **)p;
        return p;
    }
    size_t bytes = (c + 1) << 4;
    if (rt->poolLeft < bytes) {
        char *slab = (char *)malloc(SKL_POOL_SLAB);
        if (slab == NULL) return NULL;
        *(void **)slab = rt->poolSlabs;   /* the slab list lives in each slab's first 16 bytes */
        rt->poolSlabs = slab;
        rt->poolCursor = slab + 16;
        rt->poolLeft = SKL_POOL_SLAB - 16;
    }
    p = rt->poolCursor;
    rt->poolCursor += bytes;
    rt->poolLeft -= bytes;
    return p;
}

static inline void skl_poolfree(skl_Runtime *rt, void *p, size_t size) {
    size_t c = skl_poolclass(size);
    *(void **)p = rt->poolFree[c];
    rt->poolFree[c] = p;
}

/* Gives the pools' slabs back; only after lua_close (no block of the state is in use). */
static inline void skl_freepools(skl_Runtime *rt) {
    while (rt->poolSlabs != NULL) {
        void *next = *(void **)rt->poolSlabs;
        free(rt->poolSlabs);
        rt->poolSlabs = next;
    }
    memset(rt->poolFree, 0, sizeof rt->poolFree);
    rt->poolCursor = NULL;
    rt->poolLeft = 0;
}

/* Frees, resizes or allocates a block (Lua's lua_Alloc contract) from the pools or malloc. */
static void *skl_reallocblock(skl_Runtime *rt, void *ptr, size_t old, size_t nsize) {
    int oldPooled = ptr != NULL && old <= SKL_POOL_LARGEST;
    if (nsize == 0) {
        if (oldPooled) skl_poolfree(rt, ptr, old); else free(ptr);
        return NULL;
    }
    if (nsize <= SKL_POOL_LARGEST) {
        if (oldPooled && skl_poolclass(old) == skl_poolclass(nsize)) return ptr;
        void *p = skl_poolalloc(rt, nsize);
        if (p == NULL) {
            /* Lua requires that shrinking never fails: the block stays where it is (a malloc'd
             * block then serves in the pool for its smaller size, and is not given back to
             * the system: only in this out-of-memory case). */
            return ptr != NULL && nsize <= old ? ptr : NULL;
        }
        if (ptr != NULL) {
            memcpy(p, ptr, old < nsize ? old : nsize);
            if (oldPooled) skl_poolfree(rt, ptr, old); else free(ptr);
        }
        return p;
    }
    if (!oldPooled) return realloc(ptr, nsize);
    void *p = malloc(nsize);
    if (p != NULL) {
        memcpy(p, ptr, old);
        skl_poolfree(rt, ptr, old);
    }
    return p;
}

static void *skl_alloc(void *ud, void *ptr, size_t osize, size_t nsize) {
    skl_Runtime *rt = (skl_Runtime *)ud;
    size_t old = ptr ? osize : 0;
    if (nsize == 0) {
        skl_reallocblock(rt, ptr, old, 0);
        rt->memoryUsed -= old;
        return NULL;
    }
    /* Growth is refused past the cap, except while a Swift callback runs: a
     * refusal there would raise a Lua error through the Swift frame. (Finalizers
     * that run inside a Swift call run in their own coroutine, see skl_rungc, and
     * are capped.) Lua requires that shrinking never fails, so only growth is checked. */
    if (nsize > old && rt->memoryLimit != 0 && !rt->inSwift &&
        (rt->memoryUsed + rt->engineBytes > rt->memoryLimit ||
         nsize - old > rt->memoryLimit - rt->memoryUsed - rt->engineBytes)) {
        rt->memoryExceeded = 1;
        return NULL;
    }
    void *p = skl_reallocblock(rt, ptr, old, nsize);
    if (p != NULL) {
        rt->memoryUsed = rt->memoryUsed - old + nsize;
        if (rt->memoryUsed + rt->engineBytes > rt->memoryPeak) rt->memoryPeak = rt->memoryUsed + rt->engineBytes;
    }
    return p;
}

/* ---- 4b. Instruction budget and wall-clock deadline ---------------------- */

/* Seconds on a monotonic clock (for the --timeout deadline only; never seen by the simulation). */
static inline double skl_now(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* Makes the count hook fire at every instruction: a spent budget or a passed deadline is
 * raised again at the first instruction after any pcall that caught it, so it escapes every level. */
static void skl_counthook(lua_State *L, lua_Debug *ar);

/* Whether the host asked the run to stop (`rt->cancel`, raised from any thread). */
static inline int skl_cancel_requested(const skl_Runtime *rt) {
    return rt->cancel != NULL && __atomic_load_n(rt->cancel, __ATOMIC_RELAXED) != 0;
}
/* Raises a host flag from any thread (ScriptCancellation). */
static inline void skl_raise_flag(int *flag) { __atomic_store_n(flag, 1, __ATOMIC_RELAXED); }
static inline int skl_read_flag(const int *flag) { return __atomic_load_n(flag, __ATOMIC_RELAXED); }

static inline void skl_stickhook(lua_State *L) {
    skl_Runtime *rt = skl_runtime(L);
    rt->hookInterval = 1;
    lua_sethook(L, skl_counthook, LUA_MASKCOUNT, 1);
}

/* Fires every hookInterval VM instructions. Once the budget is spent (by the VM or by work
 * the engine charged) or the deadline passed, it keeps raising, at every instruction. */
static void skl_counthook(lua_State *L, lua_Debug *ar) {
    skl_Runtime *rt = skl_runtime(L);
    rt->instructionsUsed += rt->hookInterval;
    int overBudget = rt->instructionLimit != 0 && rt->instructionsUsed > rt->instructionLimit;
    if (!rt->cancelled && skl_cancel_requested(rt)) rt->cancelled = rt->timedOut = 1;
    int overTime = rt->timedOut || (rt->deadline != 0 && skl_now() > rt->deadline);
    if (!overBudget && !overTime) return;
    if (overTime) rt->timedOut = 1; else rt->budgetExceeded = 1;
    skl_stickhook(L);
    /* Name the running function's file and line, from the hook's own record. */
    if (lua_getinfo(L, "Sl", ar) && ar->currentline > 0)
        lua_pushfstring(L, "%s:%d: ", ar->short_src, ar->currentline);
    else
        lua_pushliteral(L, "");
    if (rt->cancelled)
        lua_pushliteral(L, SKL_CANCELLED_MESSAGE);
    else if (overTime)
        lua_pushfstring(L, "timed out after %f s of wall-clock time (raise it with --timeout)", rt->timeoutSeconds);
    else
        lua_pushfstring(L, "instruction budget exceeded (%I instructions; raise it with --max-instructions)",
                        (LUAI_UACINT)rt->instructionLimit);
    lua_concat(L, 2);
    lua_error(L);
}

/* Creates a state whose allocator and hook use `rt`; returns NULL on failure. */
static inline lua_State *skl_newstate(skl_Runtime *rt) {
    lua_State *L = lua_newstate(skl_alloc, rt);
    if (L == NULL) return NULL;
    *(skl_Runtime **)lua_getextraspace(L) = rt;
    if (rt->hookInterval <= 0) rt->hookInterval = 1000;
    lua_sethook(L, skl_counthook, LUA_MASKCOUNT, rt->hookInterval);
    return L;
}

/* ---- 3. Trampoline ------------------------------------------------------ */

/* Every Swift function exposed to Lua is this C closure; upvalue 1 is the
 * userdata that holds the Swift closure. The Swift frame has returned before
 * lua_error is called. */
static int skl_trampoline(lua_State *L) {
    skl_Runtime *rt = skl_runtime(L);
    int outer = rt->inSwift;
    rt->inSwift = 1;
    int n = rt->dispatch(L);
    rt->inSwift = outer;
    if (n == SKL_RAISE_WHERE) {
        luaL_where(L, 1);
        lua_insert(L, -2);
        lua_concat(L, 2);
        return lua_error(L);
    }
    if (n == SKL_RAISE_RAW) return lua_error(L);
    return n;
}

/* `__index` of every class of Swift objects: upvalue 1 holds the Swift function that reads
 * properties (as for the trampoline), upvalue 2 is the class's method table. A method is
 * found without entering Swift (`obj:method()` looks one up at every call); any other key goes
 * to the Swift function, through the trampoline in this same frame, so its errors carry the
 * same position as when it was `__index` itself. */
static int skl_classindex(lua_State *L) {
    lua_pushvalue(L, 2);
    if (lua_rawget(L, lua_upvalueindex(2)) != LUA_TNIL) return 1;
    lua_pop(L, 1);
    return skl_trampoline(L);
}

/* Pops the Swift function's userdata and the method table (pushed in that order) and pushes
 * the `__index` closure over them. */
static inline void skl_pushclassindex(lua_State *L) {
    lua_pushcclosure(L, skl_classindex, 2);
}

/* rungc(finalizer, object): what every `__gc` set through `setmetatable` runs (see the
 * sandbox prelude). Lua runs finalizers with debug hooks off, so a looping finalizer would
 * escape the instruction budget; in a fresh coroutine the hook (copied from this thread)
 * counts again. A finalizer may also run inside a Swift call (a collection step started by
 * an allocation there): in its coroutine the memory cap applies again, because a refused
 * allocation unwinds to lua_resume, which never raises, and not through the Swift frame. */
static int skl_rungc(lua_State *L) {
    skl_Runtime *rt = skl_runtime(L);
    lua_State *co = lua_newthread(L);   /* may raise (memory): nothing has changed yet */
    lua_pushvalue(L, 1);
    lua_pushvalue(L, 2);
    lua_xmove(L, co, 2);
    int outer = rt->inSwift;
    rt->inSwift = 0;
    if (outer) rt->finalizersInSwift++;
    int results = 0;
    int status = lua_resume(co, L, 1, &results);
    if (outer) rt->finalizersInSwift--;
    rt->inSwift = outer;
    /* A budget or deadline the finalizer ran out of is raised again in the script itself. */
    if (rt->budgetExceeded || rt->timedOut) skl_stickhook(L);
    if (status == LUA_OK || status == LUA_YIELD) return 0;
    lua_xmove(co, L, 1);                /* the error: Lua reports finalizer errors as warnings */
    return lua_error(L);
}

static inline void skl_pushrungc(lua_State *L) { lua_pushcfunction(L, skl_rungc); }

/* A full collection (finalizers run through skl_rungc, so none raises). */
static inline void skl_fullgc(lua_State *L) { lua_gc(L, LUA_GCCOLLECT); }

/* Pops the userdata on top of the stack and pushes a trampoline closure over it. */
static inline void skl_pushswiftfunction(lua_State *L) {
    lua_pushcclosure(L, skl_trampoline, 1);
}

/* `__gc` of every userdata that holds a retained Swift object in its first word. */
static int skl_gcswiftobject(lua_State *L) {
    void **slot = (void **)lua_touserdata(L, 1);
    if (slot != NULL && *slot != NULL) {
        void *object = *slot;
        *slot = NULL;
        skl_runtime(L)->release(object);
    }
    return 0;
}

static inline void skl_pushgcswiftobject(lua_State *L) {
    lua_pushcfunction(L, skl_gcswiftobject);
}

/* ---- 4c. Message handler ------------------------------------------------ */

/* Calls the error object's __tostring (protected: it may itself fail); pushes its text or nothing. */
static int skl_tostringmeta(lua_State *L) {
    luaL_callmeta(L, 1, "__tostring");
    return 1;
}

/* True when the first line of `msg` holds a position (`name:line:`). */
static int skl_hasposition(const char *msg) {
    for (const char *p = msg; *p != '\0' && *p != '\n'; p++) {
        if (*p != ':' || p[1] < '0' || p[1] > '9') continue;
        const char *q = p + 1;
        while (*q >= '0' && *q <= '9') q++;
        if (*q == ':') return 1;
    }
    return 0;
}

/* Pushes "file:line: " of the innermost Lua function on the stack (or ""). */
static void skl_pushluawhere(lua_State *L) {
    lua_Debug ar;
    for (int level = 1; lua_getstack(L, level, &ar); level++) {
        if (lua_getinfo(L, "Sl", &ar) && ar.currentline > 0) {
            lua_pushfstring(L, "%s:%d: ", ar.short_src, ar.currentline);
            return;
        }
    }
    lua_pushliteral(L, "");
}

/* Message handler: gives every error a text with the script's `file:line` (errors raised by C
 * functions such as coroutine.yield carry none) and appends a traceback (as the stand-alone
 * `lua` does). An error object's __tostring runs protected, so a failing one cannot replace
 * the error with "error in error handling". */
static int skl_traceback(lua_State *L) {
    const char *msg = lua_tostring(L, 1);
    if (msg == NULL) {
        if (luaL_getmetafield(L, 1, "__tostring") != LUA_TNIL) {
            lua_pop(L, 1);
            lua_pushcfunction(L, skl_tostringmeta);
            lua_pushvalue(L, 1);
            if (lua_pcall(L, 1, 1, 0) == LUA_OK && lua_type(L, -1) == LUA_TSTRING) msg = lua_tostring(L, -1);
            else msg = lua_pushfstring(L, "(error object is a %s value whose __tostring failed)", luaL_typename(L, 1));
        } else {
            msg = lua_pushfstring(L, "(error object is a %s value)", luaL_typename(L, 1));
        }
    }
    if (!skl_hasposition(msg)) {
        skl_pushluawhere(L);
        lua_pushstring(L, msg);
        lua_concat(L, 2);
        msg = lua_tostring(L, -1);
    }
    luaL_traceback(L, L, msg, 1);
    return 1;
}

static inline void skl_pushtraceback(lua_State *L) {
    lua_pushcfunction(L, skl_traceback);
}

/* Opens one standard library under its global name (luaL_requiref with glb = 1). */
static inline void skl_openlib(lua_State *L, const char *name, lua_CFunction open) {
    luaL_requiref(L, name, open, 1);
    lua_pop(L, 1);
}

static inline void skl_openbase(lua_State *L) { skl_openlib(L, "_G", luaopen_base); }
static inline void skl_openstring(lua_State *L) { skl_openlib(L, LUA_STRLIBNAME, luaopen_string); }
static inline void skl_opentable(lua_State *L) { skl_openlib(L, LUA_TABLIBNAME, luaopen_table); }
static inline void skl_openmath(lua_State *L) { skl_openlib(L, LUA_MATHLIBNAME, luaopen_math); }
static inline void skl_openutf8(lua_State *L) { skl_openlib(L, LUA_UTF8LIBNAME, luaopen_utf8); }
static inline void skl_opencoroutine(lua_State *L) { skl_openlib(L, LUA_COLIBNAME, luaopen_coroutine); }
static inline void skl_openos(lua_State *L) { skl_openlib(L, LUA_OSLIBNAME, luaopen_os); }
static inline void skl_openio(lua_State *L) { skl_openlib(L, LUA_IOLIBNAME, luaopen_io); }

#endif /* SPRINGKIT_CLUA_SHIM_H */
