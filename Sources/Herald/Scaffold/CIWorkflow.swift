/// A CI service's workflow that publishes a site on every push (`herald new site --ci`): it installs
/// Herald's released Debian package in a Debian 12 container, builds and checks the site, and hands
/// the output to the service's own Pages deployment as an artifact, the way those services deploy
/// (not `herald publish`, which sends a site to a place itself).
public enum CIWorkflow: String, CaseIterable, Sendable {
    /// GitHub Actions, deploying to GitHub Pages with GitHub's Pages actions.
    case github
    /// GitLab CI/CD, deploying to GitLab Pages from the `pages` job's `public/` artifact.
    case gitlab

    /// Where the workflow file goes, relative to the site's folder.
    public var path: String {
        switch self {
        case .github: ".github/workflows/publish.yml"
        case .gitlab: ".gitlab-ci.yml"
        }
    }

    /// The service's name as people write it.
    public var serviceName: String {
        switch self {
        case .github: "GitHub Pages"
        case .gitlab: "GitLab Pages"
        }
    }

    /// The workflow file, installing the given Herald version (by default this binary's own, so
    /// the site is built in CI by the version that made it).
    public func file(version: String = HeraldVersion.current) -> String {
        switch self {
        case .github: githubWorkflow(version: version)
        case .gitlab: gitlabPipeline(version: version)
        }
    }

    /// The shell lines that install Herald's .deb in a bare Debian 12 container; apt brings in the
    /// libraries it needs (and the fonts of the social cards, as recommended packages).
    private func installCommands(indent: String) -> String {
        let url = HeraldVersion.debianPackageURL(version: "${HERALD_VERSION}")
        return [
            "apt-get update -qq",
            "apt-get install -y -qq ca-certificates curl",
            "curl -fsSL -o /tmp/herald.deb \"\(url)\"",
            "apt-get install -y -qq /tmp/herald.deb",
            "herald --version",
        ].map { indent + $0 }.joined(separator: "\n")
    }

    private func githubWorkflow(version: String) -> String {
        """
        # Builds this site with Herald on every push to main (and every morning, so that upcoming
        # events and trending news stay current) and publishes it on GitHub Pages.
        # First, in the repository's Settings → Pages, set Source to "GitHub Actions".
        # See Herald's docs/ci.md.
        name: Publish the site

        on:
          push:
            branches: [main]
          schedule:
            - cron: "17 5 * * *"
          workflow_dispatch:

        permissions:
          contents: read
          pages: write
          id-token: write

        # One deployment at a time; a newer push waits for the one under way instead of cancelling it.
        concurrency:
          group: pages
          cancel-in-progress: false

        env:
          # The Herald release to build with: its Debian package is installed from the releases page.
          HERALD_VERSION: "\(version)"

        jobs:
          build:
            runs-on: ubuntu-latest
            # Herald's package is made for Debian 12; its container has nothing else installed.
            container: debian:12
            steps:
              - name: Install Herald
                run: |
        \(installCommands(indent: "          "))
              - uses: actions/checkout@v4
              - name: Find the Pages address
                id: pages
                uses: actions/configure-pages@v5
              - name: Build the site
                run: herald build --base-url "${{ steps.pages.outputs.base_url }}/"
              - name: Check its links
                run: herald check --base-url "${{ steps.pages.outputs.base_url }}/"
              - uses: actions/upload-pages-artifact@v3
                with:
                  path: site-output

          deploy:
            needs: build
            runs-on: ubuntu-latest
            environment:
              name: github-pages
              url: ${{ steps.deployment.outputs.page_url }}
            steps:
              - name: Deploy to GitHub Pages
                id: deployment
                uses: actions/deploy-pages@v4

        """
    }

    private func gitlabPipeline(version: String) -> String {
        """
        # Builds this site with Herald on every push to the default branch and publishes it on
        # GitLab Pages (the `pages` job's public/ folder is what GitLab deploys). To rebuild every
        # morning, so that upcoming events and trending news stay current, add a schedule in
        # Build → Pipeline schedules. See Herald's docs/ci.md.

        pages:
          # Herald's package is made for Debian 12; this image has nothing else installed.
          image: debian:12
          variables:
            # The Herald release to build with: its Debian package is installed from the releases page.
            HERALD_VERSION: "\(version)"
          before_script:
        \(installCommands(indent: "    - "))
          script:
            - herald build --base-url "$CI_PAGES_URL/" --output public
            - herald check --base-url "$CI_PAGES_URL/"
          artifacts:
            paths:
              - public
          rules:
            - if: $CI_COMMIT_BRANCH == $CI_DEFAULT_BRANCH

        """
    }
}
