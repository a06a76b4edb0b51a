import ArgumentParser

/// The program's entry: `hammock jsonpath …` runs the JSONPath command; anything else is the
/// browser (`hammock [URL] [options]`), whose URL argument would otherwise take the command's
/// name.
@main
enum HammockMain {
    static func main() async {
        let arguments = Array(CommandLine.arguments.dropFirst())
        if arguments.first == "jsonpath" {
            JSONPathCommand.main(Array(arguments.dropFirst()))
        } else {
            await Hammock.main(arguments)
        }
    }
}
