// SPDX-License-Identifier: GPL-3.0-or-later
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

    @Test func aFolderIsWritableOnlyWhenItIsAFolderThisUserMayWriteIn() throws {
        let dir = Support.tempFolder()
        defer { Support.cleanup(dir) }
        try Support.write("x", to: dir + "/file")
        #expect(Folder.isWritable(dir))
        #expect(!Folder.isWritable(dir + "/file"))
        #expect(!Folder.isWritable(dir + "/missing"))
        chmod(dir, 0o500)
        defer { chmod(dir, 0o700) }
        // Root may write anywhere (access(2) says so); anyone else may not write in a 0500 folder.
        #expect(Folder.isWritable(dir) == (getuid() == 0))
    }

    @Test func usersHaveNames() {
        #expect(UserAccount.name(of: 0) == "root")
        #expect(UserAccount.name(of: 4_000_000_000) == nil)
    }
}
