import ArgumentParser
import Browser
import Foundation
import Workspace

/// The command-line options for what hammock remembers: history, saved requests,
/// environments and cookies.
struct WorkspaceOptions: ParsableArguments {
    @Option(
        help: ArgumentHelp(
            "The folder of saved requests and environments (default: ./.hammock when it exists).", valueName: "dir"))
    var collection: String?

    @Option(
        name: .customLong("env"),
        help: ArgumentHelp(
            "The environment whose values fill {{variables}} (a file in DIR/environments/).", valueName: "name"))
    var environment: String?

    @Option(
        help: ArgumentHelp(
            "The SQLite file of the request history (default: $XDG_STATE_HOME/hammock/history.sqlite).",
            valueName: "path"))
    var history: String?

    @Flag(help: "Keep no request history in this run.")
    var noHistory = false

    @Option(
        help: ArgumentHelp(
            "Keep the cookie jar in this file across runs (by default cookies last for the run only).",
            valueName: "path"))
    var cookies: String?

    func validate() throws {
        if history != nil && noHistory { throw ValidationError("--history and --no-history exclude each other.") }
        if let collection {
            var isFolder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: collection, isDirectory: &isFolder), isFolder.boolValue else {
                throw ValidationError(
                    "--collection \(collection): no such folder (create it, or leave the option out).")
            }
        }
        if environment != nil, collection == nil, RequestCollection.defaultFolder() == nil {
            throw ValidationError("--env needs a collection: --collection DIR, or a ./.hammock folder here.")
        }
    }

    /// The collection folder in use, if any.
    var collectionFolder: String? { collection ?? RequestCollection.defaultFolder() }

    /// The history file in use, if any.
    var historyURL: URL? {
        if noHistory { return nil }
        if let history { return URL(fileURLWithPath: history) }
        return HistoryStore.defaultFileURL()
    }
}
