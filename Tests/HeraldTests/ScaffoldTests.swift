import Foundation
import Testing

@testable import Herald

/// `herald new`: slugs from titles, the files it writes, and a starter site that builds and checks clean.
@Suite struct ScaffoldTests {
    let config: SiteConfig = SiteConfigParser.parse(
        "title: T\nbaseURL: https://example.org/\ntimezone: Asia/Shanghai\nauthor: Desk\ncategories:\n  - slug: campus\n    name: Campus\n  - slug: sport\n    name: Sport\n"
    ).config!

    @Test func slugsFromTitles() {
        #expect(NewItem.slug(forTitle: "Spring talk: AI & you!")?.slug == "spring-talk-ai-you")
        #expect(NewItem.slug(forTitle: "Spring talk")?.transliterated == false)
        // Chinese becomes pinyin, without tone marks.
        #expect(NewItem.slug(forTitle: "2026级迎新晚会：欢迎新同学！")! == ("2026ji-ying-xin-wan-hui-huan-ying-xin-tong-xue", true))
        #expect(NewItem.slug(forTitle: "Café déjà vu")?.slug == "café-déjà-vu")
        #expect(NewItem.slug(forTitle: "！？") == nil)
        let long = NewItem.slug(forTitle: String(repeating: "word ", count: 30))!.slug
        #expect(long.count <= 60 && long.hasSuffix("word"))
    }

    @Test func newsIsDatedNowInTheSitesZoneAndParses() throws {
        let now = try #require(DateParser.parseInstant("2026-11-21T17:30:00Z"))  // already the 22nd in Shanghai
        let item = NewItem.news(title: "Hello: \"world\"", slug: "hello", now: now, config: config)
        #expect(item.path == "content/news/2026/2026-11-22-hello.md")
        #expect(
            item.text.contains(
                "title: \"Hello: \\\"world\\\"\"\ndate: 2026-11-22T01:30:00+08:00\ncategories: [campus]   # or: sport\n"
            ))
        let parsed = ItemParser(config: config).parse(Data(item.text.utf8), path: item.path, kind: .news)
        #expect(parsed.diagnostics.isEmpty, "\(parsed.diagnostics)")
        #expect(parsed.item?.title == "Hello: \"world\"")
        #expect(parsed.item?.draft == true)
    }

    /// A Chinese site's new items explain their keys in Chinese, as its starter does (issue 37).
    @Test func aChineseSitesNewItemsAreCommentedInChinese() throws {
        var chinese = config
        chinese.language = "zh-CN"
        let start = try DateParser.parse("2026-12-01 19:00", timeZone: config.timeZone).get()
        for item in [
            NewItem.news(title: "迎新", slug: "welcome", now: Fixtures.now, config: chinese),
            NewItem.event(title: "讲座", slug: "talk", start: start, now: Fixtures.now, config: chinese),
        ] {
            // The categories line's comment names the other categories' slugs, which are the site's.
            // `# author:` shows the site's own author.
            let comments = item.text.split(separator: "\n").filter {
                !$0.hasPrefix("categories:") && !$0.hasPrefix("# author:")
            }
            .compactMap { line in line.range(of: "# ", options: .backwards).map { line[$0.upperBound...] } }
            #expect(!comments.isEmpty)
            for comment in comments {
                // What may stay English: keys, paths, addresses and examples of values.
                let words = comment.replacingOccurrences(
                    of: #"[a-zA-Z]+:|[\w.]*/[\w./]*|https://\S*|\{.*\}|false|Online"#, with: "",
                    options: .regularExpression)
                #expect(!words.contains(/[A-Za-z]{3,}/), "an English comment in a Chinese site's new item: \(comment)")
            }
            #expect(
                ItemParser(config: chinese).parse(
                    Data(item.text.utf8), path: item.path, kind: item.path.contains("events") ? .event : .news
                ).diagnostics.isEmpty)
        }
    }

    @Test func eventsTakeTheirStartAndAnEnd() throws {
        let start = try DateParser.parse("2026-12-01 19:00", timeZone: config.timeZone).get()
        let item = NewItem.event(title: "Talk", slug: "talk", start: start, now: Fixtures.now, config: config)
        #expect(item.path == "content/events/2026-12-01-talk.md")
        #expect(item.text.contains("start: 2026-12-01 19:00\nend: 2026-12-01 21:00\ntimezone: Asia/Shanghai\n"))
        let parsed = ItemParser(config: config).parse(Data(item.text.utf8), path: item.path, kind: .event)
        #expect(parsed.diagnostics.isEmpty, "\(parsed.diagnostics)")
        let allDay = NewItem.event(
            title: "Fair", slug: "fair", start: try DateParser.parse("2026-12-05", timeZone: config.timeZone).get(),
            now: Fixtures.now, config: config)
        #expect(allDay.text.contains("start: 2026-12-05\nend: 2026-12-05\nallDay: true\ntimezone: Asia/Shanghai\n"))
        #expect(
            ItemParser(config: config).parse(Data(allDay.text.utf8), path: allDay.path, kind: .event).item?.event?
                .allDay == true)
    }

    /// Each language's starter builds, and check finds nothing but the placeholder address, which
    /// is the editor's to set.
    @Test func theStarterSiteBuildsAndHasNothingToFixButItsAddress() throws {
        for (language, welcome, meetup) in [
            ("en", "Welcome to our new site", "Welcome meetup"), ("zh-CN", "欢迎来到我们的新网站", "迎新见面会"),
        ] {
            let files = StarterSite.files(
                title: nil, language: language, timeZone: TimeZone(identifier: "Europe/London")!, now: Fixtures.now,
                siteID: "0d5e6f6a-2c1b-4d7e-9a3f-8b6c5d4e3f21", withTemplates: false)
            let report = try SiteCheck.run(
                BuildOptions(outputPath: "out", now: Fixtures.now), fileSystem: .memory(files))
            #expect(
                report.findings.map(\.description) == [
                    "site.yml:5: warning: baseURL https://example.org/ is a placeholder address: set it to the address readers will reach the site at, or its canonical links, feeds, calendar links and API will lead to example.org"
                ], "\(language)")
            #expect(report.items == 5)
            // The home page has recent news and upcoming events the moment it is built.
            let output = MemoryOutput()
            _ = try Build(options: BuildOptions(now: Fixtures.now), fileSystem: .memory(files)).run(into: output)
            let home = try #require(output.text("index.html"))
            #expect(home.contains(welcome) && home.contains(meetup), "\(language)")
            #expect(
                output.text("events.ics")?.contains(
                    "UID:events-welcome-meetup@0d5e6f6a-2c1b-4d7e-9a3f-8b6c5d4e3f21\r\n") == true)
        }
    }

    /// `--language zh-CN` gives a Chinese starter: every text an editor reads, not only the theme's.
    @Test func theChineseStarterIsInChinese() throws {
        let files = StarterSite.files(
            title: nil, language: "zh-CN", timeZone: TimeZone(identifier: "Asia/Shanghai")!, now: Fixtures.now,
            siteID: "x", withTemplates: false
        )
        .mapValues { String(decoding: $0, as: UTF8.self) }
        let config = try #require(SiteConfigParser.parse(files["site.yml"]!).config)
        #expect(config.title == "我们的新闻与活动" && config.description == "我们社团的新闻与活动。")
        #expect(config.categories.map(\.name) == ["通知公告", "聚会活动"])
        #expect(files["content/pages/about.md"] == "---\ntitle: 关于我们\n---\n\n我们是谁、做些什么，以及如何联系我们。\n")
        // Every line of text a reader sees has Chinese in it: titles, places, bodies, comments.
        let english = /\b(?:the|and|of|our|with|Welcome|About|Online)\b/
        for (path, text) in files where path.hasSuffix(".md") || path == "site.yml" {
            for line in text.split(separator: "\n")
            where line.contains(english) && !line.contains("herald") && !line.contains("docs/") {
                Issue.record("\(path): an English line in the Chinese starter: \(line)")
            }
        }
        // A paragraph is one line: a line break inside Chinese text shows as a stray space.
        for (path, text) in files where path.hasSuffix(".md") {
            #expect(!text.contains(/[\p{Han}，。：、）]\n[\p{Han}（`]/), "\(path)")
        }
        // An explicit title is kept; other languages get the English starter.
        #expect(
            StarterSite.files(
                title: "CSSA", language: "zh-CN", timeZone: .gmt, now: Fixtures.now, siteID: "x", withTemplates: false)[
                    "site.yml"
                ].map { String(decoding: $0, as: UTF8.self) }?.contains("title: \"CSSA\"\n") == true)
        #expect(ScaffoldText.forLanguage("fr").defaultTitle == "Our News and Events")
        #expect(ScaffoldText.forLanguage("zh_Hans").defaultTitle == "我们的新闻与活动")
        #expect(ScaffoldText.forLanguage("zh-TW").defaultTitle == "Our News and Events")
    }

    /// `--ci github|gitlab`: the workflow is the golden file's, with this binary's version (so a
    /// site is built in CI by the Herald that made it), and the starter still builds as before.
    @Test(arguments: CIWorkflow.allCases) func theStarterCanCarryACIWorkflow(ci: CIWorkflow) throws {
        let files = StarterSite.files(
            title: "Club", language: "en", timeZone: .gmt, now: Fixtures.now,
            siteID: "0d5e6f6a-2c1b-4d7e-9a3f-8b6c5d4e3f21", withTemplates: false, ci: ci)
        let workflow = String(decoding: try #require(files[ci.path]), as: UTF8.self)
        #expect(workflow == ci.file(version: HeraldVersion.current))
        #expect(workflow.contains("HERALD_VERSION: \"\(HeraldVersion.current)\""))
        try GoldenFiles.check(
            [ci.path: Data(ci.file(version: "1.2.3").utf8)], against: Fixtures.golden("ci-workflow-\(ci.rawValue)"))
        // Without --ci no workflow is written; with it the site builds exactly as without.
        let plain = StarterSite.files(
            title: "Club", language: "en", timeZone: .gmt, now: Fixtures.now,
            siteID: "0d5e6f6a-2c1b-4d7e-9a3f-8b6c5d4e3f21", withTemplates: false)
        #expect(CIWorkflow.allCases.allSatisfy { plain[$0.path] == nil })
        #expect(Set(files.keys).subtracting(plain.keys) == [ci.path])
        let withCI = MemoryOutput()
        let without = MemoryOutput()
        _ = try Build(options: BuildOptions(now: Fixtures.now), fileSystem: .memory(files)).run(into: withCI)
        _ = try Build(options: BuildOptions(now: Fixtures.now), fileSystem: .memory(plain)).run(into: without)
        #expect(withCI.files == without.files)
        // GitLab deploys public/, which the pipeline builds: it is kept out of git like site-output/.
        let ignored = String(decoding: try #require(files[".gitignore"]), as: UTF8.self)
        #expect(ignored.contains("public/\n") == (ci == .gitlab))
    }

    /// The version is VERSION's, and the package the workflows install is where `make dist` names it.
    @Test func theVersionIsTheVersionFilesAndNamesThePackage() throws {
        let file = try String(contentsOf: Fixtures.repository.appendingPathComponent("VERSION"), encoding: .utf8)
        #expect(HeraldVersion.current == file.trimmingCharacters(in: .whitespacesAndNewlines))
        #expect(HeraldVersion.debianPackageName(version: "1.2.3") == "herald_1.2.3_amd64.deb")
        #expect(
            HeraldVersion.debianPackageURL(version: "1.2.3") == HeraldVersion.releasesURL
                + "/download/v1.2.3/herald_1.2.3_amd64.deb")
    }

    @Test func theStarterCanCarryTheDefaultTheme() {
        let themed = StarterSite.files(
            title: "Club", language: "en", timeZone: .gmt, now: Fixtures.now,
            siteID: "0d5e6f6a-2c1b-4d7e-9a3f-8b6c5d4e3f21", withTemplates: true)
        #expect(themed.keys.filter { $0.hasPrefix("templates/") }.count == DefaultTheme.files.count)
        #expect(themed["templates/layout.mustache"] == DefaultTheme.files["layout.mustache"])
    }
}

/// Every example the scaffolds write commented out (`# repeat: …`, `# image: …`) works when an
/// editor uncomments it: the starter site and one of each new item, all examples on, build.
@Suite struct ScaffoldExampleTests {
    /// The text with each commented-out `key: value` line made live (prose comments stay).
    static func uncommentingExamples(_ text: String) -> (text: String, count: Int) {
        var count = 0
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map { line -> String in
            let indent = line.prefix { $0 == " " }
            let rest = line.dropFirst(indent.count)
            guard rest.hasPrefix("# "), let colon = rest.dropFirst(2).firstIndex(of: ":"),
                rest[rest.index(rest.startIndex, offsetBy: 2)..<colon].allSatisfy({ $0.isLetter || $0.isNumber })
            else { return String(line) }
            count += 1
            return String(indent) + String(rest.dropFirst(2))
        }
        return (lines.joined(separator: "\n"), count)
    }

    @Test(arguments: ["en", "zh-CN"]) func everyCommentedExampleBuildsWhenUncommented(language: String) throws {
        let starter = StarterSite.files(
            title: "Union", language: language, timeZone: TimeZone(identifier: "Asia/Shanghai")!, now: Fixtures.now,
            siteID: "0d5e6f6a-2c1b-4d7e-9a3f-8b6c5d4e3f21", withTemplates: false)
        var files = starter.mapValues { String(decoding: $0, as: UTF8.self) }
        let site = Self.uncommentingExamples(files["site.yml"]!)
        files["site.yml"] = site.text
        let config = try #require(SiteConfigParser.parse(site.text).config)
        let start = try DateParser.parse("2026-12-01 19:00", timeZone: config.timeZone).get()
        var examples = site.count
        for item in [
            NewItem.news(title: "News", slug: "news-example", now: Fixtures.now, config: config),
            NewItem.event(title: "Event", slug: "event-example", start: start, now: Fixtures.now, config: config),
            NewItem.page(title: "Page", slug: "page-example", language: language),
        ] {
            let live = Self.uncommentingExamples(item.text)
            files[item.path] = live.text.replacingOccurrences(of: "draft: true", with: "draft: false")
            examples += live.count
        }
        // The covers the examples name.
        let covers = ["static/images/cover.jpg": Fixtures.image("landscape.jpg")]
        #expect(examples >= 8, "the scaffolds' examples were not found: \(examples)")
        let diagnostics = MemorySite(files, binary: covers).diagnostics()
        #expect(diagnostics.isEmpty, "\(diagnostics)")
    }

    /// `herald new site` without `--timezone`: this machine's zone when it names a place; on a
    /// machine whose clock says UTC (containers, CI), the zone of the language's region, said so;
    /// else UTC, written as UTC (Linux Foundation names it GMT, which calendars show as London's).
    @Test func aNewSiteGetsTheZoneOfItsPlace() throws {
        let table =
            "# comment\nCN\t+3114+12128\tAsia/Shanghai\tBeijing Time\nGB,GG,IM,JE\t+513030-0000731\tEurope/London\nTW\t+2503+12130\tAsia/Taipei\nUS\t+404251-0740023\tAmerica/New_York\tEastern (most areas)\nUS\t+421953-0830245\tAmerica/Detroit\n"
        let regions = RegionZones(table: table)
        #expect(regions.zone(forRegion: "US") == "America/New_York" && regions.zone(forRegion: "je") == "Europe/London")
        #expect(
            RegionZones.region(ofLanguage: "zh-Hant-TW") == "TW" && RegionZones.region(ofLanguage: "zh") == nil
                && RegionZones.region(ofLanguage: "es-419") == nil)
        #expect(
            StarterZone.choose(machine: "Europe/Berlin", language: "zh-CN", regions: regions)
                == StarterZone(identifier: "Europe/Berlin", source: .machine))
        for machine in ["Etc/UTC", "GMT", "UTC", "Universal"] {
            let chosen = StarterZone.choose(machine: machine, language: "zh-CN", regions: regions)
            #expect(chosen == StarterZone(identifier: "Asia/Shanghai", source: .language(region: "CN")), "\(machine)")
            #expect(
                chosen.explanation(machine: machine, language: "zh-CN")
                    == "Time zone: Asia/Shanghai, the zone of CN (the language zh-CN's region), as this machine's clock says only \(machine). If the site is elsewhere, change timezone: in site.yml."
            )
        }
        #expect(
            StarterZone.choose(machine: "Etc/UTC", language: "en", regions: regions)
                == StarterZone(identifier: "UTC", source: .fallback))
        #expect(
            StarterZone.choose(machine: "Etc/UTC", language: "fr-FR", regions: regions).source == .fallback,
            "a region tzdata's table does not list")
        // The system's own table, as Debian ships it.
        // zone1970.tab's rows serve several countries (DE's first is Europe/Zurich's): zone.tab's do not.
        for (language, zone) in [
            ("zh-CN", "Asia/Shanghai"), ("zh-HK", "Asia/Hong_Kong"), ("de-DE", "Europe/Berlin"),
            ("ms-MY", "Asia/Kuala_Lumpur"),
            ("is-IS", "Atlantic/Reykjavik"), ("sv-SE", "Europe/Stockholm"), ("nl-NL", "Europe/Amsterdam"),
            ("en-US", "America/New_York"),
        ] {
            #expect(
                RegionZones.region(ofLanguage: language).flatMap(RegionZones.system.zone(forRegion:)) == zone,
                "\(language)")
        }
        let site = String(
            decoding: try #require(
                StarterSite.files(
                    title: nil, language: "en", timeZone: TimeZone(identifier: "UTC")!, now: Fixtures.now, siteID: "x",
                    withTemplates: false)["site.yml"]), as: UTF8.self)
        #expect(site.contains("\ntimezone: UTC\n"))
    }
}
