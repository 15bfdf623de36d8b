/// The help of `attachmentkit encrypt` and `attachmentkit decrypt`.
enum CipherHelp {
    static let encrypt = CommandHelp(
        name: "encrypt", synopsis: ["IN", "OUT"],
        description: """
            Encrypts IN into OUT as a Matrix EncryptedFile (AES-256-CTR, a fresh
            key and IV) and prints the EncryptedFile JSON, which holds the key.
            """)

    static let decrypt = CommandHelp(
        name: "decrypt", synopsis: ["IN", "OUT", "--info FILE.json"],
        description: """
            Decrypts IN into OUT with the EncryptedFile JSON in --info; OUT is
            written only when the ciphertext's SHA-256 matches (else status 2).
            """)
}
