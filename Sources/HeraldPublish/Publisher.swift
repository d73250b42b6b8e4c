import Foundation
import Herald

/// A kind of target a built site can be published to. A publish first plans (reading the target,
/// changing nothing), then, unless it is a dry run, publishes that plan.
protocol Publisher: AnyObject {
    /// Reads the target and works out what publishing `site` would change.
    func plan(_ site: BuiltSite) throws -> PublishPlan
    /// Makes the target serve `site`. `plan` is the one `plan(_:)` just returned.
    func publish(_ site: BuiltSite, plan: PublishPlan, log: (String) -> Void) throws
    /// Removes what the publisher made for its own use (a scratch repository, staged files).
    func cleanUp()
}

/// What a publisher needs besides the site.
public struct PublishContext: Sendable {
    /// Where to publish and how.
    public var target: PublishTarget
    /// The site folder (for the git target's commit message, which names the source commit).
    public var sourceFolder: String
    /// A folder for scratch files, on the same file system as the output (so files can be hard-linked).
    public var scratchFolder: String

    /// A context.
    public init(target: PublishTarget, sourceFolder: String, scratchFolder: String) {
        self.target = target
        self.sourceFolder = sourceFolder
        self.scratchFolder = scratchFolder
    }
}

/// The publisher for a target's address.
func makePublisher(_ context: PublishContext) -> Publisher {
    switch context.target.address {
    case .folder(let path): return FolderPublisher(folder: path, context: context)
    case .rsync(let destination): return RsyncPublisher(destination: destination, context: context)
    case .git(let repository, let branch): return GitPublisher(repository: repository, branch: branch, context: context)
    case .s3(let bucket, let prefix): return S3Publisher(bucket: bucket, prefix: prefix, context: context)
    }
}

extension FileManager {
    /// Makes a fresh, empty scratch folder under `parent` whose name starts with `prefix`.
    func makeScratchFolder(in parent: String, prefix: String) throws -> String {
        try createDirectory(atPath: parent, withIntermediateDirectories: true)
        var template = Array((parent + "/" + prefix + "XXXXXX").utf8CString)
        guard let made = template.withUnsafeMutableBufferPointer({ mkdtemp($0.baseAddress!) }) else {
            throw PublishFailure(
                step: "prepare", "could not make a scratch folder in \(parent): \(String(cString: strerror(errno)))")
        }
        return String(cString: made)
    }
}
