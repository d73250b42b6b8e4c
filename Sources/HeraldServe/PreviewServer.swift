import Foundation
import Herald
import HeraldMediaTypes
import Hummingbird
import Logging

/// The HTTP side of `herald serve`: Hummingbird serving the current snapshot of the site.
///
/// Requests pass, outermost first: the site's 404 page for anything not found; the error page
/// while the site does not build; a redirect from `/` to the base path; Hummingbird's
/// `FileMiddleware` over the snapshot; and the router, which has one route, the live-reload events.
public enum PreviewServer {
    /// The application serving `state` on `host:port`; `onRunning` is told the port it is listening on.
    public static func application(
        state: PreviewState, host: String, port: Int, logger: Logger,
        onRunning: @escaping @Sendable (Int) async -> Void = { _ in }
    ) -> some ApplicationProtocol {
        let router = Router()
        router.middlewares.add(NotFoundPage(state: state))
        router.middlewares.add(FailedBuildPage(state: state))
        router.middlewares.add(BasePathRedirect(state: state))
        router.middlewares.add(
            FileMiddleware(fileProvider: SnapshotFiles(state: state), searchForIndexHtml: true)
                .withAdditionalMediaTypes(forFileExtensions: SiteMediaTypes.overrides))
        router.get(RouterPath(LiveReload.endpoint)) { _, _ -> Response in
            liveReloadResponse(state: state)
        }
        return Application(
            router: router,
            configuration: ApplicationConfiguration(address: .hostname(host, port: port), serverName: "herald serve"),
            onServerRunning: { channel in await onRunning(channel.localAddress?.port ?? port) },
            logger: logger)
    }

    /// A Server-Sent Events stream: a comment on connecting, then `event: reload` after each
    /// change (its data the pages it touched, or `*`), until the browser goes away or the server stops.
    static func liveReloadResponse(state: PreviewState) -> Response {
        let reloads = state.reloads()
        let body = ResponseBody { writer in
            try await writer.write(ByteBuffer(string: ": herald serve live reload\n\n"))
            for await pages in reloads {
                try await writer.write(ByteBuffer(string: "event: reload\ndata: \(LiveReload.eventData(pages))\n\n"))
            }
            try await writer.finish(nil)
        }
        return Response(
            status: .ok, headers: [.contentType: "text/event-stream", .cacheControl: "no-cache"], body: body)
    }
}

/// Whether a request is for a page (a folder or an `.html` file), as opposed to an asset or a feed.
private func isPage(_ path: String) -> Bool { path.hasSuffix("/") || path.hasSuffix(".html") }

/// Anything not found gets the site's own 404 page (the nearest up the path), with status 404.
struct NotFoundPage: RouterMiddleware {
    let state: PreviewState

    func handle(
        _ request: Request, context: BasicRequestContext, next: (Request, BasicRequestContext) async throws -> Response
    ) async throws -> Response {
        do {
            let response = try await next(request, context)
            return response.status == .notFound ? notFound(request) : response
        } catch let error as HTTPResponseError where error.status == .notFound {
            return notFound(request)
        }
    }

    private func notFound(_ request: Request) -> Response {
        let site = state.site
        let body =
            site.notFoundPage(for: request.uri.path)?.body
            ?? ByteBuffer(
                string:
                    "<!doctype html><title>Not found</title><h1>Not found</h1>\(site.liveReload ? LiveReload.script : "")"
            )
        return Response(
            status: .notFound,
            headers: [.contentType: "text/html; charset=utf-8", .contentLength: String(body.readableBytes)],
            body: request.method == .head ? ResponseBody() : ResponseBody(byteBuffer: body))
    }
}

/// While the site does not build, pages are answered with its errors (status 500); assets and
/// feeds of the last good build are still served.
struct FailedBuildPage: RouterMiddleware {
    let state: PreviewState

    func handle(
        _ request: Request, context: BasicRequestContext, next: (Request, BasicRequestContext) async throws -> Response
    ) async throws -> Response {
        guard let failure = state.site.failure, request.method == .get || request.method == .head,
            isPage(request.uri.path)
        else {
            return try await next(request, context)
        }
        let site = state.site
        let body = ByteBuffer(
            string: LiveReload.errorPage(
                failure,
                language: site.language(ofPage: request.uri.path.removingPercentEncoding ?? request.uri.path) ?? "en",
                reload: site.liveReload))
        return Response(
            status: .internalServerError,
            headers: [
                .contentType: "text/html; charset=utf-8", .contentLength: String(body.readableBytes),
                .cacheControl: "no-store",
            ],
            body: request.method == .head ? ResponseBody() : ResponseBody(byteBuffer: body))
    }
}

/// A site whose base URL has a path (`/union/`) is served under it; `/` leads there, and paths
/// outside it are not the site's.
struct BasePathRedirect: RouterMiddleware {
    let state: PreviewState

    func handle(
        _ request: Request, context: BasicRequestContext, next: (Request, BasicRequestContext) async throws -> Response
    ) async throws -> Response {
        let basePath = state.site.basePath
        let path = request.uri.path
        guard basePath != "/", path != LiveReload.endpoint else { return try await next(request, context) }
        if path == "/" || path + "/" == basePath { return .redirect(to: basePath, type: .found) }
        guard path.hasPrefix(basePath) else { throw HTTPError(.notFound) }
        return try await next(request, context)
    }
}
