import Foundation

/// Characters a query name or value may hold unescaped.
enum CharacterSetText {
    static let queryValue: CharacterSet = {
        var set = CharacterSet.urlQueryAllowed
        set.remove(charactersIn: "&=+;#")
        return set
    }()
}
