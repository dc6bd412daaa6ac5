extension ModuleBuilder {
    func addScenarios() {}
}
