extension RequestDefinition {
    /// The variables this request uses, in order of first use (URL, then headers, then body),
    /// each with every place it appears. Escaped braces (`\{{`) are not uses.
    public var variableUses: [VariableUse] {
        var collector = VariableUse.Collector()
        collectUses(into: &collector)
        return collector.uses
    }

    func collectUses(into collector: inout VariableUse.Collector) {
        for reference in Template(url).references { collector.add(reference, at: .url) }
        for header in headers {
            for reference in Template(header.name).references + Template(header.value).references {
                collector.add(reference, at: .header(header.name))
            }
        }
        if let body {
            for reference in Template(body).references { collector.add(reference, at: .body) }
        }
    }
}
