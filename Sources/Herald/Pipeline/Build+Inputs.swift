import Foundation

/// The steps that read the site's settings and data files.
extension Build {
    /// Reads `site.yml` and applies `--base-url`.
    func readConfig(warnings: inout [Diagnostic]) throws -> SiteConfig {
        var config: SiteConfig
        switch SiteConfigFile.read(from: fileSystem) {
        case .success(let reading):
            config = reading.config
            warnings += reading.warnings
        case .failure(.missing):
            throw BuildFailure(step: .readSiteYML, diagnostics: [SiteConfigFile.notASite(options.sourcePath)])
        case .failure(.refused(let diagnostics)):
            throw BuildFailure(step: .readSiteYML, diagnostics: diagnostics)
        }
        if let override = options.baseURL {
            switch SiteConfigParser.parseBaseURL(override) {
            case .success(let url):
                config.baseURL = url
                warnings.removeAll { $0.message == SiteConfigParser.relativeBaseURLWarning }
                if url.host == nil {
                    warnings.append(.warning(path: "--base-url", line: 1, SiteConfigParser.relativeBaseURLWarning))
                }
            case .failure(let problem):
                throw BuildFailure(
                    step: .readSiteYML, diagnostics: [Diagnostic(path: "--base-url", line: 1, problem.message)])
            }
        }
        if let origin = options.previewOrigin, let url = URL(string: origin + config.basePath) {
            config.baseURL = url
            warnings.removeAll { $0.message == SiteConfigParser.relativeBaseURLWarning }
        }
        return config
    }

    /// The data files' popularity figures, with their warnings.
    struct DataFiles: Sendable {
        var records: [PopularityRecord]
        var warnings: [Diagnostic]
    }

    /// Reads the data files on another core, while the templates load and the content is parsed:
    /// the site model is the first to need them (10,000 items' figures: 15 ms on one core).
    func readDataBeside() -> BackgroundWork<Result<DataFiles, any Error>> {
        BackgroundWork { [self] in
            Result {
                var warnings: [Diagnostic] = []
                let records = try readPopularity(warnings: &warnings)
                return DataFiles(records: records, warnings: warnings)
            }
        }
    }

    /// Reads `data/popularity.csv` and `data/popularity.json`, whichever exist (rows of the JSON
    /// file win over the CSV's for the same item).
    func readPopularity(warnings: inout [Diagnostic]) throws -> [PopularityRecord] {
        var records: [PopularityRecord] = []
        var problems: [Diagnostic] = []
        let files = Set(try fileSystem.listFiles("data") ?? [])
        for (name, parse) in [
            ("data/popularity.csv", PopularityParser.parseCSV), ("data/popularity.json", PopularityParser.parseJSON),
        ] where files.contains(name) {
            let data: Data
            do {
                data = try fileSystem.readFileAtMost(name, PopularityParser.largestFile)
            } catch let tooLarge as FileTooLarge {
                problems.append(PopularityParser.tooLarge(tooLarge.size, path: name))
                continue
            }
            guard let text = String(data: data, encoding: .utf8) else {
                problems.append(Diagnostic(path: name, line: 1, "is not UTF-8 text"))
                continue
            }
            let parsed = parse(text.hasPrefix("\u{FEFF}") ? String(text.dropFirst()) : text, name)
            records += parsed.records
            problems += parsed.diagnostics
        }
        warnings += problems.filter { $0.severity == .warning }
        if problems.contains(where: { $0.severity == .error }) {
            throw BuildFailure(step: .readData, diagnostics: problems)
        }
        return records
    }
}
