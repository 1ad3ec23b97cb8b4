import Glibc
import ShelfCLI

// Everything lives in ShelfCLI so that tests can run it in-process.
exit(CLI.run(arguments: Array(CommandLine.arguments.dropFirst()), environment: ProcessEnvironment.current()))
