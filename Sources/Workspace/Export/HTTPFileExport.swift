import Foundation
import OrderedJSON

/// A collection as one `.http` file (the JetBrains / VS Code REST Client dialect), and its
/// environments as `http-client.env.json` with the secrets in `http-client.private.env.json`:
/// `hammock export http DIR`.
///
/// Requests come in the collection's order, each as a `### name` block with its checks written
/// as `# @capture`, `# @assert`, `# @retry` and `# @fresh` lines, which hammock reads back
/// exactly. Files that cannot be read are named in a note and left out.
public enum HTTPFileExport {
    /// The exported text and what was left out.
    public struct Output: Sendable, Hashable {
        /// The `.http` file.
        public var text: String
        /// `http-client.env.json`: every environment's values whose names are not secret;
        /// nil when the collection has no environments.
        public var publicEnvironments: String?
        /// `http-client.private.env.json`: the values with secret names (`token`, `password`,
        /// …); nil when there are none.
        public var privateEnvironments: String?
        /// A sentence for each request or environment left out.
        public var notes: [String]
    }

    /// Exports `collection`.
    public static func run(_ collection: RequestCollection) throws(CollectionError) -> Output {
        let tree = try collection.load()
        var requests: [HTTPFileRequest] = []
        var notes: [String] = []
        for saved in tree.allRequests {
            guard let definition = saved.definition else {
                notes.append("\(saved.id) was left out: \(saved.problem?.message ?? "it could not be read")")
                continue
            }
            requests.append(HTTPFileRequest(name: saved.name, definition: definition, checks: saved.checks))
        }
        let text: String
        do {
            text = try HTTPFileDocument(requests: requests).text
        } catch {
            throw CollectionError(
                path: collection.folder, message: "The collection cannot be written as .http: \(error)")
        }
        var publicValues: [(String, [(String, String)])] = []
        var privateValues: [(String, [(String, String)])] = []
        let set = collection.environments
        for name in (try? set.names()) ?? [] where name != EnvironmentSet.sharedName {
            guard let environment = try? set.load(name) else {
                notes.append("the environment “\(name)” was left out: it could not be read")
                continue
            }
            let secret = environment.variables.filter { RunSecrets.isSecretName($0.name) }
            let plain = environment.variables.filter { !RunSecrets.isSecretName($0.name) }
            publicValues.append((name, plain.map { ($0.name, $0.value) }))
            if !secret.isEmpty { privateValues.append((name, secret.map { ($0.name, $0.value) })) }
            if environment.auth != nil {
                notes.append(
                    "the auth of “\(name)” has no place in http-client.env.json; add its header to the requests")
            }
        }
        return Output(
            text: text, publicEnvironments: publicValues.isEmpty ? nil : json(publicValues),
            privateEnvironments: privateValues.isEmpty ? nil : json(privateValues), notes: notes)
    }

    /// `{"dev": {"base": "…"}, …}` in the given order, two-space indented.
    private static func json(_ environments: [(String, [(String, String)])]) -> String {
        var text = "{\n"
        for (index, (name, values)) in environments.enumerated() {
            text += "  \(JSONStringEncoder.quoted(name)): {"
            if !values.isEmpty {
                text += "\n"
                text += values.map { "    \(JSONStringEncoder.quoted($0.0)): \(JSONStringEncoder.quoted($0.1))" }
                    .joined(separator: ",\n")
                text += "\n  "
            }
            text += "}" + (index == environments.count - 1 ? "\n" : ",\n")
        }
        return text + "}\n"
    }
}
