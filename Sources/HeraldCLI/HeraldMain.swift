import CHeraldSystem
import Foundation

/// Where `herald` starts: it refuses to run when it cannot see its own arguments. Swift reads
/// them from `/proc/self/cmdline` on Linux, so in a chroot without `/proc` (as debootstrap makes
/// one) every command line looks empty, and `herald --version` or `herald new site demo` would
/// quietly run `herald build` in the current folder instead.
@main
enum HeraldMain {
    static func main() async {
        guard !CommandLine.arguments.isEmpty else {
            Terminal.printError(
                "error: herald cannot read its command line: /proc is not mounted here (Swift programs read their arguments from /proc/self/cmdline). Mount it (mount -t proc proc /proc) and run the command again; nothing was done",
                warning: false)
            exit(2)
        }
        herald_grow_heaps_in_large_steps()
        await HeraldCommand.main()
    }
}
