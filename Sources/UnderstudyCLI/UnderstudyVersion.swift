/// The version `understudy --version` prints: the next release while it is
/// being made (`-dev`), the tag once released. CHANGELOG.md says what each has.
package enum UnderstudyVersion {
    /// The version.
    package static let current = "0.3.0-dev"
    /// Where the changes are listed.
    package static let changelog = "CHANGELOG.md lists what changed"
}
