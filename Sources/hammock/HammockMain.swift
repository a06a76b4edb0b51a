import ArgumentParser

/// The program's entry: `hammock jsonpath …` runs the JSONPath command, `hammock run …` the
/// runner, `hammock import …` and `hammock export …` convert collections, `hammock help
/// [COMMAND …]` shows that command's help; anything else is the browser (`hammock [URL] [options]`), whose URL argument would otherwise take the command's
/// name.
@main
enum HammockMain {
    static func main() async {
        var arguments = Array(CommandLine.arguments.dropFirst())
        if arguments.first == "help" {
            // `hammock help [COMMAND …]`: that command's --help.
            arguments = Array(arguments.dropFirst()) + ["--help"]
        }
        if arguments.first == "jsonpath" {
            JSONPathCommand.main(Array(arguments.dropFirst()))
        } else if arguments.first == "run" {
            await RunCommand.main(Array(arguments.dropFirst()))
        } else if arguments.first == "import" {
            await ImportCommand.main(Array(arguments.dropFirst()))
        } else if arguments.first == "export" {
            await ExportCommand.main(Array(arguments.dropFirst()))
        } else {
            await Hammock.main(arguments)
        }
    }
}
