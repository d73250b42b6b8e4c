// libFuzzer target: any bytes through the image reader (libvips' header read, the pixel limit),
// and, for what reads as a small image, the whole recipe: upright decode, every width, the card
// crop by attention and by focus, the thumbnail, each format. A wrong file is an ImageProblem;
// a crash, a hang or unbounded memory is a bug.
import CFuzzerDriver
import Foundation

@testable import Herald

private let options: ImageOptions = {
    var options = ImageOptions()
    options.widths = [16, 64]
    options.cardWidths = [32]
    options.thumbnailSize = 16
    return options
}()

private func fuzzImages(_ start: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    guard let start else { return 0 }
    let data = Data(bytes: start, count: count)
    guard let header = try? ImageCodec.header(of: data) else { return 0 }
    precondition(header.width >= 0 && header.height >= 0 && header.pages >= 1)
    // As the build does: what claims more pixels than allowed is never decoded.
    guard header.pixels > 0, header.pixels <= 1 << 20, !header.isVector else { return 0 }
    for focus in [nil, ImageFocus(x: 0.9, y: 0.1)] {
        let outputs = ImageRecipe.outputs(
            path: "images/f.jpg", header: header, contentHash: "f", options: options, crop: true, focus: focus)
        guard let made = try? ImageCodec.make(outputs, from: data, header: header) else { continue }
        precondition(made.count == outputs.count)
        for (output, bytes) in zip(outputs, made) {
            // Every file made is an image of the size its recipe says.
            let written = try! ImageCodec.header(of: bytes)
            precondition(
                written.width == output.width && written.height == output.height,
                "\(output.path) is \(written.width)x\(written.height)")
        }
    }
    return 0
}

var argc = CommandLine.argc
var argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = CommandLine.unsafeArgv
exit(LLVMFuzzerRunDriver(&argc, &argv) { data, size in fuzzImages(data, size) })
