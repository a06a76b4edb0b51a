import Foundation
import Testing

@testable import Siesta

@MainActor
@Suite("Looking up existing resources by the string they were asked for")
struct ResourceLookupTests {
    let service = Service(baseURL: "https://zingle.frotz/v1")

    init() {
        // The flushes here would trim the whole test process's heap; whether a flush asks for
        // it is tested below, what it returns is measured by the benchmarks.
        service.resourceCache.releaseMemory = {}
    }

    @Test("the same path gives the same instance, every time and among many")
    func samePathSameInstance() {
        let paths = (0..<1_200).map { "/items/\($0)" }
        let first = paths.map { service.resource($0) }
        for _ in 0..<3 {
            for (path, resource) in zip(paths, first) {
                #expect(service.resource(path) === resource)
            }
        }
        #expect(Set(first.map(ObjectIdentifier.init)).count == paths.count)
    }

    @Test(
        "every spelling of a URL gives the one instance, whichever is asked for first",
        arguments: [false, true])
    func equivalentSpellings(absoluteFirst: Bool) {
        let first =
            absoluteFirst
            ? service.resource(absoluteURL: "https://zingle.frotz/v1/a b/c")
            : service.resource("/a b/c")
        #expect(first.url.absoluteString == "https://zingle.frotz/v1/a%20b/c")
        for _ in 0..<2 {
            #expect(service.resource("/a b/c") === first)
            #expect(service.resource("a b/c") === first)
            #expect(service.resource(absoluteURL: "https://zingle.frotz/v1/a b/c") === first)
            #expect(service.resource(absoluteURL: "https://zingle.frotz/v1/a%20b/c") === first)
            #expect(service.resource(absoluteURL: URL(string: "https://zingle.frotz/v1/a%20b/c")) === first)
            #expect(service.resource(baseURL: "https://zingle.frotz/v1", path: "a b/c") === first)
            #expect(service.resource("/a b").child("c") === first)
        }
    }

    @Test("paths that only look alike stay distinct resources")
    func distinctSpellings() {
        let plain = service.resource("/a")
        #expect(service.resource("//a") !== plain)
        #expect(service.resource("/a/") !== plain)
        #expect(service.resource("/A") !== plain)
        #expect(service.resource("/%61") !== plain)
        #expect(service.resource("/%61").url.absoluteString == "https://zingle.frotz/v1/%2561")
        #expect(service.resource(absoluteURL: "a") !== plain)
    }

    @Test("after a flush, a path nobody holds gives a fresh instance")
    func freshAfterFlush() {
        weak var old: Resource?
        do {
            let resource = service.resource("/released")
            resource.overrideLocalContent(with: "old")
            old = resource
        }
        #expect(service.resource("/released").text == "old")
        service.flushUnusedResources()
        #expect(old == nil)
        let fresh = service.resource("/released")
        #expect(fresh.latestData == nil)
        #expect(service.resource("released") === fresh)
        #expect(service.resource(absoluteURL: "https://zingle.frotz/v1/released") === fresh)
    }

    @Test("a flushed resource that is observed, or held elsewhere, is kept and still found")
    func keptAfterFlush() {
        let owner = NSObject()
        weak var observed: Resource?
        do {
            let resource = service.resource("/observed")
            resource.addObserver(owner: owner) { _, _ in }
            _ = service.resource(absoluteURL: "https://zingle.frotz/v1/observed")
            observed = resource
        }
        let held = service.resource("/held")
        service.flushUnusedResources()
        #expect(observed != nil)
        #expect(service.resource("/observed") === observed)
        #expect(service.resource("observed") === observed)
        #expect(service.resource(absoluteURL: "https://zingle.frotz/v1/observed") === observed)
        #expect(service.resource("/held") === held)
    }

    @Test("a resource found again after a flush is held by the service again")
    func foundAgainIsHeld() {
        do {
            let held = service.resource("/held")
            held.overrideLocalContent(with: "kept")
            service.flushUnusedResources()
            #expect(service.resource("/held") === held)
        }
        #expect(service.resource("/held").text == "kept")
    }

    @Test("a resource released by the count limit and held elsewhere is still found by its path")
    func keptPastCountLimit() {
        service.cachedResourceCountLimit = 10
        let held = (0..<50).map { service.resource("/held/\($0)") }
        for index in 0..<50 {
            #expect(service.resource("/held/\(index)") === held[index])
        }
        #expect(service.cachedResources.count == 50)
    }

    @Test("flushing many unused resources empties the table and the index of spellings")
    func flushEmptiesIndex() {
        service.cachedResourceCountLimit = 100_000
        let kept = service.resource("/kept")
        for index in 0..<10_000 {
            _ = service.resource("/item/\(index)")
            _ = service.resource(absoluteURL: "https://zingle.frotz/v1/other/\(index)")
        }
        #expect(service.cachedResources.count == 20_001)
        #expect(service.indexedSpellingCount == 20_001)
        service.flushUnusedResources()
        #expect(service.cachedResources.map(\.url) == [kept.url])
        #expect(service.indexedSpellingCount == 1)
        #expect(service.resource("/kept") === kept)
    }

    @Test(
        "a flush that removes 4,096 resources or more asks for the freed memory to be returned, once",
        arguments: [(4_095, 0), (4_096, 1), (20_000, 1)])
    func flushReleasesMemory(count: Int, expectedRequests: Int) {
        var requests = 0
        service.resourceCache.releaseMemory = { requests += 1 }
        service.cachedResourceCountLimit = 2 * count
        let kept = (0..<10).map { service.resource("/kept/\($0)") }
        for index in 0..<count {
            _ = service.resource("/item/\(index)")
        }
        service.flushUnusedResources()
        #expect(service.cachedResources.count == kept.count)
        #expect(requests == expectedRequests)
        // A second flush with nothing left to remove asks for nothing.
        service.flushUnusedResources()
        #expect(requests == expectedRequests)
    }

    @Test("the index follows releases by the count limit")
    func countLimitEmptiesIndex() {
        service.cachedResourceCountLimit = 20
        for index in 0..<1_000 {
            _ = service.resource("/item/\(index)")
        }
        #expect(service.cachedResources.count <= 21)
        #expect(service.indexedSpellingCount <= 21)
        service.flushUnusedResources()
        #expect(service.cachedResources.isEmpty)
        #expect(service.indexedSpellingCount == 0)
    }

    @Test("many spellings of one URL give one instance and do not grow the index without bound")
    func spellingsBounded() {
        let resource = service.resource("/a b c d e f g h i j k")
        for mask in 0..<1_024 {
            let spaces = (0..<10).map { mask & (1 << $0) == 0 ? " " : "%20" }
            let path = zip("abcdefghij", spaces).map { "\($0)\($1)" }.joined() + "k"
            #expect(service.resource(absoluteURL: "https://zingle.frotz/v1/" + path) === resource)
        }
        #expect(service.indexedSpellingCount < 100)
        #expect(service.resource("/a b c d e f g h i j k") === resource)
    }
}
