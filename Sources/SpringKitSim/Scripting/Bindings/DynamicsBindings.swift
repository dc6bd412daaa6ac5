extension ModuleBuilder {
    func addDynamics() {}
}
