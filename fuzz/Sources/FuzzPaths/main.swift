// libFuzzer target: any text as an output path and as an address an editor writes. Whatever the
// writer's rule accepts names a place below the root, and is created exactly there; whatever the
// address rule accepts becomes an output path the writer accepts (or one it refuses for length).
import CFuzzerDriver
import Foundation

@testable import Herald

private let root: ConfinedFolder = {
    let path = NSTemporaryDirectory() + "herald-fuzz-paths-\(getpid())"
    mkdir(path, 0o755)
    return try! ConfinedFolder(path: path, kind: .output)
}()

private func fuzzPaths(_ start: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    guard let start else { return 0 }
    let text = String(decoding: UnsafeRawBufferPointer(start: UnsafeRawPointer(start), count: count), as: UTF8.self)
    checkWriterRule(text)
    if WrittenAddress.problem(text, key: "url", siteHost: "example.org") == nil {
        let page = URLLayout.pageFile(URLLayout.sitePath(text))
        switch ConfinedPath.refusal(page) {
        case nil, .segmentTooLong?, .pathTooLong?, .empty?: break
        case let refusal?:
            preconditionFailure(
                "address \(text.debugDescription) was accepted but gives \(page.debugDescription): \(refusal)")
        }
    }
    return 0
}

/// An accepted path has no segment that could climb, and the file it creates is the one its
/// text names below the root (same inode by the lexical path).
private func checkWriterRule(_ path: String) {
    guard ConfinedPath.refusal(path) == nil else { return }
    let segments = path.split(separator: "/", omittingEmptySubsequences: false)
    precondition(
        !path.hasPrefix("/") && !segments.contains { $0.isEmpty || $0 == "." || $0 == ".." },
        "accepted \(path.debugDescription)")
    precondition(!path.utf8.contains(0) && !path.contains("\\"), "accepted \(path.debugDescription)")
    guard segments.count == 1, let descriptor = try? root.createFile(path) else { return }
    defer {
        close(descriptor)
        unlink(root.path + "/" + path)
    }
    var opened = stat()
    var named = stat()
    precondition(fstat(descriptor, &opened) == 0 && lstat(root.path + "/" + path, &named) == 0)
    precondition(
        opened.st_ino == named.st_ino && opened.st_dev == named.st_dev, "\(path.debugDescription) was created elsewhere"
    )
}

var argc = CommandLine.argc
var argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = CommandLine.unsafeArgv
exit(LLVMFuzzerRunDriver(&argc, &argv) { data, size in fuzzPaths(data, size) })
