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
        /// Publish even when more than half of the target's files would be deleted, the target
        /// was never published by Herald, or files Herald did not publish would be replaced; and
        /// delete the files Herald did not publish, but those `AlwaysKept` covers.
        public var force = false

        /// A request.
        public init(output: String, baseURL: String, context: PublishContext, dryRun: Bool = false, force: Bool = false)
        {
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
    public static func run(
        _ request: Request, log: (String) -> Void = { _ in }, warn: (String) -> Void = { _ in }
    ) throws -> Outcome {
        let target = request.context.target
        let site = try step("read the output") { try BuiltSite.read(folder: request.output) }
        try step("check the output") {
            guard !site.files.isEmpty else {
                throw PublishFailure(step: "check the output", "\(request.output) is empty; nothing was published")
            }
            // The output was listed from disk, so this cannot happen; but every publisher writes
            // these paths under its target, so one that could leave it stops everything here.
            for file in site.files {
                do { _ = try TargetFolder.components(of: file.path) } catch {
                    throw PublishFailure(
                        step: "check the output",
                        "\(request.output) holds a file whose path \(error); nothing was published")
                }
            }
            guard site.files.contains(where: { $0.path == URLLayout.rootPage }) else {
                throw PublishFailure(
                    step: "check the output",
                    "\(request.output) has no index.html, so it is not a whole site; nothing was published")
            }
            if let url = target.url, !sameAddress(url.absoluteString, request.baseURL) {
                throw PublishFailure(
                    step: "check the output",
                    "the site was built for \(request.baseURL), but \(target.name == "--to" ? "the target" : "target '\(target.name)'") is at \(url.absoluteString); build with --base-url \(url.absoluteString), or correct url: in site.yml"
                )
            }
            // Readers would get feeds, calendars and shared links that lead to example.org. A folder
            // on this machine may be a preview, so it is only warned about.
            if PlaceholderAddress.isPlaceholder(request.baseURL) {
                let placeholder =
                    "the site was built for \(request.baseURL), a placeholder address, so its feeds, calendars and shared links would lead there"
                let fix = "set baseURL in site.yml to the address readers reach the site at (or build with --base-url)"
                if case .folder = target.address {
                    warn("\(placeholder); \(fix) before readers see it")
                } else {
                    throw PublishFailure(
                        step: "check the output", "\(placeholder); \(fix), then publish again. Nothing was published")
                }
            }
        }

        let publisher = makePublisher(request.context)
        defer { publisher.cleanUp() }
        var plan = try publisher.plan(site)
        if request.force { plan = plan.forced() }
        let outcome = Outcome(plan: plan, published: false, files: site.files.count)
        if request.dryRun || plan.isEmpty { return outcome }
        try step("check the plan") {
            if let reason = reasonForForce(plan, at: target.address), !request.force {
                let look =
                    plan.targetIsForeign
                    ? "check the target with --dry-run, then give --force to publish there and delete them (.well-known/ and site verification files are kept)"
                    : "check the plan with --dry-run, then give --force"
                throw PublishFailure(step: "check the plan", reason + "; " + look)
            }
        }
        try publisher.publish(site, plan: plan, log: log)
        return Outcome(plan: plan, published: true, files: site.files.count)
    }

    /// Why `plan` needs `--force`, or nil when it does not: the target was never published by
    /// Herald, files Herald did not publish would be replaced, or most of the target deleted.
    public static func reasonForForce(_ plan: PublishPlan, at address: PublishAddress) -> String? {
        let foreign = plan.kept.count + plan.replacedForeign.count
        if plan.targetIsForeign {
            return
                "\(address) holds \(foreign) file\(foreign == 1 ? "" : "s") that Herald did not publish, and no record of an earlier publish there"
        }
        if !plan.replacedForeign.isEmpty {
            let count = plan.replacedForeign.count
            return
                "publishing would replace \(count) file\(count == 1 ? "" : "s") on \(address) that Herald did not publish: \(PublishPlan.names(plan.replacedForeign))"
        }
        if plan.deletesMostOfTarget {
            return
                "publishing would delete \(plan.deleted.count) of the \(plan.targetFiles) files on \(address), more than half"
        }
        return nil
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
