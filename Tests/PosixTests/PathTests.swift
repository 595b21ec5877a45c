import Glibc
import TestSupport
import Testing

@testable import Posix

@Suite struct PathTests {
    @Test(arguments: [
        ("g", "/home/u/work/g"),
        ("./g/", "/home/u/work/g"),
        ("a//b/./c", "/home/u/work/a/b/c"),
        ("../g/.", "/home/u/g"),
        ("../../../../g", "/g"),
        (".", "/home/u/work"),
        // Absolute: kept as given, never rewritten.
        ("/x/../y/", "/x/../y/"),
    ])
    func aRelativePathIsTakenFromTheFolderAndNormalised(_ path: String, _ absolute: String) {
        #expect(Path.absolute(path, from: "/home/u/work") == absolute)
    }

    @Test(arguments: [("/a//b/./../c/", "/a/c"), ("/..", "/"), ("/", "/"), ("/a/b/../../..", "/"), ("//a", "/a")])
    func lexicalNormalisation(_ path: String, _ normal: String) {
        #expect(Path.lexical(path) == normal)
    }

    @Test func theWorkingDirectoryIsAbsolute() {
        let cwd = ProcessEnvironment.workingDirectory()
        #expect(cwd?.hasPrefix("/") == true)
    }
}
