import Foundation
import Herald

/// `herald publish` after the build: checks that the output is fit to publish, plans, and
/// publishes through the target's publisher. Every refusal and failure names its step.
public enum SitePublishing {
    /// What to publish where.
    public struct Request: Sendable {
        /// The built output folder.
        public var output: String
        /// The base URL the output was built for.
        public var baseURL: String
        /// The target and the folders a publisher needs.
        public var context: PublishContext
        /// Print the plan and change nothing.
        public var dryRun = false
        /// Publish even when more than half of the target's files would be deleted, or the target
        /// holds files Herald did not publish.
        public var force = false

        /// A request.
        public init(output: String, baseURL: String, context: PublishContext, dryRun: Bool = false, force: Bool = false) {
            self.output = output
            self.baseURL = baseURL
            self.context = context
            self.dryRun = dryRun
            self.force = force
        }
    }

    /// What a publish did.
    public struct Outcome: Sendable {
        /// The changes, planned and (unless a dry run, or nothing changed) made.
        public var plan: PublishPlan
        /// Whether the target was changed.
        public var published: Bool
        /// Files in the site.
        public var files: Int
    }

    /// Checks, plans and (unless `dryRun`) publishes. `log` gets progress lines, `warn` what is
    /// worth a warning but does not stop a publish.
    public static func run(_ request: Request, log: (String) -> Void = { _ in }, warn: (String) -> Void = { _ in }) throws -> Outcome {
        let target = request.context.target
        let site = try step("read the output") { try BuiltSite.read(folder: request.output) }
        try step("check the output") {
            guard !site.files.isEmpty else {
                throw PublishFailure(step: "check the output", "\(request.output) is empty; nothing was published")
            }
            guard site.files.contains(where: { $0.path == "index.html" }) else {
                throw PublishFailure(step: "check the output", "\(request.output) has no index.html, so it is not a whole site; nothing was published")
            }
            if let url = target.url, !sameAddress(url.absoluteString, request.baseURL) {
                throw PublishFailure(step: "check the output", "the site was built for \(request.baseURL), but \(target.name == "--to" ? "the target" : "target '\(target.name)'") is at \(url.absoluteString); build with --base-url \(url.absoluteString), or correct url: in site.yml")
            }
            // Readers would get feeds, calendars and shared links that lead to example.org. A folder
            // on this machine may be a preview, so it is only warned about.
            if PlaceholderAddress.isPlaceholder(request.baseURL) {
                let placeholder = "the site was built for \(request.baseURL), a placeholder address, so its feeds, calendars and shared links would lead there"
                let fix = "set baseURL in site.yml to the address readers reach the site at (or build with --base-url)"
                if case .folder = target.address {
                    warn("\(placeholder); \(fix) before readers see it")
                } else {
                    throw PublishFailure(step: "check the output", "\(placeholder); \(fix), then publish again. Nothing was published")
                }
            }
        }

        let publisher = makePublisher(request.context)
        defer { publisher.cleanUp() }
        let plan = try publisher.plan(site)
        let outcome = Outcome(plan: plan, published: false, files: site.files.count)
        if request.dryRun || plan.isEmpty { return outcome }
        try step("check the plan") {
            if plan.targetIsForeign && !request.force {
                throw PublishFailure(step: "check the plan", "\(target.address) holds \(plan.targetFiles) file\(plan.targetFiles == 1 ? "" : "s") that Herald did not publish, and publishing would replace \(plan.deleted.isEmpty ? "some of them" : "them, deleting \(plan.deleted.count)"); check the target with --dry-run, then give --force")
            }
            if plan.deletesMostOfTarget && !request.force {
                throw PublishFailure(step: "check the plan", "publishing would delete \(plan.deleted.count) of the \(plan.targetFiles) files on \(target.address), more than half; check the plan with --dry-run, then give --force")
            }
        }
        try publisher.publish(site, plan: plan, log: log)
        return Outcome(plan: plan, published: true, files: site.files.count)
    }

    /// Two base URLs name the same place (ignoring a trailing slash and the host's case).
    static func sameAddress(_ a: String, _ b: String) -> Bool {
        func normal(_ text: String) -> String {
            guard var components = URLComponents(string: text.hasSuffix("/") ? text : text + "/") else { return text }
            components.host = components.host?.lowercased()
            components.scheme = components.scheme?.lowercased()
            return components.string ?? text
        }
        return normal(a) == normal(b)
    }
}
