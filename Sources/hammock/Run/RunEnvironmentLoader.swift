import BrowserRuntime
import Foundation
import Workspace

/// Finds the environment `--env NAME` names: `environments/NAME.yaml` of the collection (with
/// `_shared.yaml` under it), or for `.http` files the `http-client.env.json` beside them (with
/// its private file).
enum RunEnvironmentLoader {
    /// Why the environment could not be loaded, as a sentence.
    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    static func load(_ name: String, collection: String?, paths: [String]) -> Result<Environment, Failure> {
        if collection == nil, let httpFile = firstHTTPFile(in: paths) {
            do {
                if let found = try HTTPClientEnvironmentFile.find(near: httpFile) {
                    if let environment = found.environment(named: name) { return .success(environment) }
                    let known = found.environments.map(\.name).filter { !$0.hasPrefix("$") }
                    return .failure(
                        Failure(
                            description: "\(found.paths.joined(separator: " and ")) has no environment “\(name)”"
                                + (known.isEmpty ? "" : " (known: \(known.joined(separator: ", ")))")))
                }
            } catch {
                return .failure(Failure(description: error.description))
            }
        }
        guard let folder = collection ?? RunLoader.collectionFolder(for: paths) else {
            return .failure(
                Failure(
                    description:
                        "no environments/ folder at or above \(paths.first ?? "."), so there is no environment “\(name)” "
                        + "(give the collection with --collection DIR)"))
        }
        let set = EnvironmentSet(collectionFolder: folder)
        do {
            return .success(try set.load(name))
        } catch {
            let known = (try? set.names()) ?? []
            let list = known.isEmpty ? "" : " (known: \(known.joined(separator: ", ")))"
            return .failure(Failure(description: error.message + list))
        }
    }

    /// The first `.http` or `.rest` file among `paths`, or in the first folder among them.
    private static func firstHTTPFile(in paths: [String]) -> String? {
        for path in paths {
            if path.hasSuffix(".http") || path.hasSuffix(".rest") { return path }
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue,
                let names = try? FileManager.default.contentsOfDirectory(atPath: path)
            else { continue }
            if let name = names.sorted().first(where: { $0.hasSuffix(".http") || $0.hasSuffix(".rest") }) {
                return (path as NSString).appendingPathComponent(name)
            }
        }
        return nil
    }
}
