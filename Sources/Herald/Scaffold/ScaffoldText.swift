import Foundation

/// The words `herald new` writes, in the site's language: the starter site's settings comments,
/// categories, articles, events and About page, and the placeholder bodies of new items. English
/// and Simplified Chinese are shipped; any other language gets the English text.
public struct ScaffoldText: Sendable {
    /// The site's title when `--title` is not given.
    var defaultTitle: String
    var description: String
    /// `site.yml`'s comments, by the key they explain.
    var comments: [String: String]
    /// Announcements and meetups: name and description.
    var announcements: (name: String, description: String)
    var meetups: (name: String, description: String)
    /// The first article: title, the cover's text, and its body (which links the About page).
    var welcome: (title: String, imageAlt: String, tags: String, body: String)
    var writing: (title: String, summary: String, tags: String, body: String)
    var meetup: (title: String, location: String, organizer: String, tags: String, body: String)
    var workshop: (title: String, location: String, tags: String, body: String)
    var about: (title: String, body: String)
    /// The body of a new article, event and page, which `herald check` flags while it is left in.
    var newNewsBody: String
    var newEventBody: String
    var newPageBody: String

    /// The text for a BCP 47 language: Simplified Chinese for `zh`, `zh-CN`, `zh-Hans`, `zh-SG`
    /// (and their `_` spellings), English otherwise.
    public static func forLanguage(_ language: String) -> ScaffoldText {
        let code = language.lowercased().replacingOccurrences(of: "_", with: "-")
        return ["zh", "zh-cn", "zh-hans", "zh-hans-cn", "zh-sg"].contains(code) ? .simplifiedChinese : .english
    }

    /// Every language's new-item placeholder bodies, for `herald check` to recognise.
    static var placeholderBodies: [String] {
        [english, simplifiedChinese].flatMap { [$0.newNewsBody, $0.newEventBody, $0.newPageBody] }
    }

    static let english = ScaffoldText(
        defaultTitle: "Our News and Events",
        description: "News and events of our community.",
        comments: [
            "top": "The site's settings. Every key is explained in Herald's docs/configuration.md.",
            "baseURL": "The address the site is published at; feeds, calendars and the API use it for absolute links.",
            "siteID": "Never change this: calendar apps know each event by it, even after baseURL changes.",
            "language": "Picks the theme's interface text and date format (en, zh-CN …).",
            "timezone": "Dates written without an offset are read in this zone.",
            "pageSize": "items per page of a list",
            "author": "the author of items that name none",
            "author.example": "Communications team",
            "recent": "news cards in \"Recent news\"",
            "featured": "editor's picks",
            "upcoming": "next upcoming events",
            "categories":
                "Categories in display order. Colours are badge text: herald check warns when one is too light to read.",
            // The comments of `herald new news|event`'s front matter.
            "new.summary":
                "summary: \"One or two sentences for lists, feeds and search (default: the first paragraph)\"",
            "new.image": "cover image, from static/",
            "new.imageAlt": "What the cover shows",
            "new.author": "Your name",
            "new.draft": "remove (or set to false) to publish",
            "new.location": "a room, an address, or Online",
            "new.address": "Street, city",
            "new.addressNote": "shown with a map link",
            "new.organizer": "Who runs it",
            "new.registration": "a sign-up link",
            "new.or": "or",
        ],
        announcements: ("Announcements", "Notices from the committee."),
        meetups: ("Meetups", "Get-togethers, talks and workshops."),
        welcome: (
            "Welcome to our new site", "A calendar page and a newspaper", "[site]",
            """
            This is the first article of the site, and it is featured: it is shown among the editor's picks
            on the home page. Edit it in `content/news/`, or add another with `herald new news "Title"`.

            <!--more-->

            ## What is here

            - **News** in `content/news/`, newest first, with feeds (RSS, Atom, JSON Feed).
            - **Events** in `content/events/`, with a calendar and `.ics` files for calendar apps.
            - **Pages** such as [About](../../about/) in `content/pages/`.

            """
        ),
        writing: (
            "How to write an article", "Front matter between two lines of dashes, then Markdown.", "[site, how-to]",
            """
            Each article is a Markdown file. The lines between the two `---` lines are its front matter:
            its title, date, category, tags and cover image. Everything after them is the article.

            Run `herald check` before publishing: it finds broken links, missing images and other slips.

            """
        ),
        meetup: (
            "Welcome meetup", "Student Centre, Room 101", "The committee", "[social]",
            """
            Come and meet the committee and other members. Drinks and snacks provided.

            """
        ),
        workshop: (
            "Online workshop: publishing with Herald", "Online", "[how-to]",
            """
            An hour on writing news and events, previewing with `herald serve` and publishing.

            """
        ),
        about: ("About", "Who we are, what we do, and how to reach us.\n"),
        newNewsBody:
            "Write the article here, in Markdown. The first paragraph is the summary unless you write one\nabove.\n",
        newEventBody: "What, who for, and how to take part.\n",
        newPageBody: "Write the page here, in Markdown.\n"
    )

    /// Chinese paragraphs are written on one line each: a line break inside one shows as a space.
    static let simplifiedChinese = ScaffoldText(
        defaultTitle: "我们的新闻与活动",
        description: "我们社团的新闻与活动。",
        comments: [
            "top": "网站设置。每一项的说明见 Herald 的 docs/configuration.md。",
            "baseURL": "网站发布后的地址；订阅源、日历和 API 用它生成完整链接。",
            "siteID": "请勿修改：日历应用靠它识别每个活动，即使 baseURL 改变也不会重复。",
            "language": "决定主题界面文字和日期格式（zh-CN、en ……）。",
            "timezone": "没有写时区的日期按这个时区理解。",
            "pageSize": "列表每页条数",
            "author": "未注明作者的内容使用此作者",
            "author.example": "宣传部",
            "recent": "“最新动态”中的新闻数",
            "featured": "编辑推荐数",
            "upcoming": "即将举行的活动数",
            "categories": "分类，按显示顺序排列。颜色用于标签文字：颜色太浅难以阅读时，herald check 会提醒。",
            "new.summary": "summary: \"一两句话的摘要，用于列表、订阅源和搜索（默认取第一段）\"",
            "new.image": "封面图片，放在 static/ 中",
            "new.imageAlt": "封面图片的内容",
            "new.author": "你的名字",
            "new.draft": "删除此行（或改为 false）即可发布",
            "new.location": "房间、地址，或 Online（线上）",
            "new.address": "街道，城市",
            "new.addressNote": "显示时附地图链接",
            "new.organizer": "主办方",
            "new.registration": "报名链接",
            "new.or": "或",
        ],
        announcements: ("通知公告", "委员会发布的通知。"),
        meetups: ("聚会活动", "见面会、讲座和工作坊。"),
        welcome: (
            "欢迎来到我们的新网站", "一页日历和一份报纸", "[网站]",
            """
            这是网站的第一篇文章，它被设为推荐：会显示在首页的编辑推荐中。在 `content/news/` 中修改它，或用 `herald new news "标题"` 再写一篇。

            <!--more-->

            ## 网站里有什么

            - **新闻**在 `content/news/` 中，按时间由新到旧排列，并提供订阅源（RSS、Atom、JSON Feed）。
            - **活动**在 `content/events/` 中，带日历，以及供日历应用订阅的 `.ics` 文件。
            - **页面**在 `content/pages/` 中，例如[关于我们](../../about/)。

            """
        ),
        writing: (
            "如何撰写文章", "两行短横线之间是前言，之后是 Markdown 正文。", "[网站, 教程]",
            """
            每篇文章都是一个 Markdown 文件。两行 `---` 之间是文章的前言（front matter）：标题、日期、分类、标签和封面图片。其后的内容就是正文。

            发布前请运行 `herald check`：它会找出失效的链接、缺失的图片和其他疏漏。

            """
        ),
        meetup: (
            "迎新见面会", "学生活动中心 101 室", "社团委员会", "[交流]",
            """
            来认识委员会成员和其他会员吧。现场提供饮料和小食。

            """
        ),
        workshop: (
            "线上工作坊：用 Herald 发布新闻", "线上", "[教程]",
            """
            一小时，讲解如何撰写新闻和活动、用 `herald serve` 预览，以及发布网站。

            """
        ),
        about: ("关于我们", "我们是谁、做些什么，以及如何联系我们。\n"),
        newNewsBody: "在这里用 Markdown 撰写文章。除非在前言中写了 summary，第一段就是摘要。\n",
        newEventBody: "活动内容、面向哪些人，以及如何参加。\n",
        newPageBody: "在这里用 Markdown 撰写页面。\n"
    )
}
