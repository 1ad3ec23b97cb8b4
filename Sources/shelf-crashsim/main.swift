import Glibc

// The power-loss simulator (docs/reliability.md, "Power loss"): not shipped, never installed.
// It installs a model of the file system for this whole process, so nothing here touches a real file.
exit(Simulator.main(Array(CommandLine.arguments.dropFirst())))
