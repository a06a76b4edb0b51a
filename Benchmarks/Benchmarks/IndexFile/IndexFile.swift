import BenchmarkData
import Foundation
import OrderedJSON

/// Indexes a JSON file as a response body arrives: read in 64 KiB chunks into a
/// `JSONStreamIndexer` (or, with `--whole`, read at once into `JSONDocument(data:)`), then prints
/// the number of top-level children (what `jq length` prints for an array or object), the time to
/// the document, the index size and the resident memory with the document.
///
///     IndexFile FILE [--whole]
@main
enum IndexFile {
    static func main() throws {
        let arguments = CommandLine.arguments.dropFirst()
        guard let path = arguments.first(where: { !$0.hasPrefix("--") }) else {
            FileHandle.standardError.write(Data("usage: IndexFile FILE [--whole]\n".utf8))
            exit(2)
        }
        let start = DispatchTime.now().uptimeNanoseconds
        let document: JSONDocument
        if arguments.contains("--whole") {
            document = try JSONDocument(data: try Data(contentsOf: URL(fileURLWithPath: path)))
        } else {
            let handle = try FileHandle(forReadingFrom: URL(fileURLWithPath: path))
            let size = Int(try handle.seekToEnd())
            try handle.seek(toOffset: 0)
            let indexer = JSONStreamIndexer(expectedCount: size)
            while let chunk = try handle.read(upToCount: 65_536), !chunk.isEmpty {
                try indexer.append(chunk)
            }
            document = try indexer.finish()
        }
        let milliseconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6
        print(document.childCount(of: document.root))
        let report =
            "\(document.data.count) bytes, \(document.entryCount) entries, \(Int(milliseconds)) ms to the document, "
            + "index \(document.indexByteCount / 1_000_000) MB, resident \(ResidentMemory.megabytes()) MB\n"
        FileHandle.standardError.write(Data(report.utf8))
    }
}
