import Foundation
import PackagePlugin

/// Embeds the built-in themes: every `themes/*.yaml` file at the package's top becomes an entry of
/// `BuiltInThemes.sources` in a Swift file generated at build time, so the binary carries the
/// themes and the YAML files stay the one place they are written.
@main
struct ThemeEmbedder: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        let folder = context.package.directoryURL.appending(path: "themes")
        let files = try FileManager.default.contentsOfDirectory(at: folder, includingPropertiesForKeys: nil)
            .filter { $0.pathExtension == "yaml" }
            .sorted { $0.lastPathComponent < $1.lastPathComponent }
        let output = context.pluginWorkDirectoryURL.appending(path: "BuiltInThemeSources.swift")
        return [
            .buildCommand(
                displayName: "Embedding \(files.count) built-in themes",
                executable: try context.tool(named: "ThemeEmbedderTool").url,
                arguments: [output.path] + files.map(\.path),
                inputFiles: files,
                outputFiles: [output])
        ]
    }
}
