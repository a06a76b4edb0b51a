import Safety
import Testing

@Suite("Masking secrets")
struct SecretMaskerTests {
    @Test("credential headers are masked, keeping the scheme")
    func headers() {
        #expect(SecretMasker.maskHeader(name: "Authorization", value: "Bearer abc.def") == "Bearer ••••••")
        #expect(SecretMasker.maskHeader(name: "x-api-key", value: "k123") == "••••••")
        #expect(SecretMasker.maskHeader(name: "X-Auth-Token", value: "t") == "••••••")
        #expect(SecretMasker.maskHeader(name: "Accept", value: "application/json") == "application/json")
    }

    @Test("cookie values are masked, Set-Cookie attributes stay")
    func cookies() {
        #expect(SecretMasker.maskHeader(name: "Cookie", value: "a=1; b=2") == "a=••••••; b=••••••")
        #expect(SecretMasker.maskHeader(name: "Set-Cookie", value: "sid=xyz; Path=/") == "sid=••••••; Path=/")
    }

    @Test("every cookie of a folded Set-Cookie value is masked, and a bare cookie value too")
    func foldedAndBareCookies() {
        #expect(
            SecretMasker.maskHeader(name: "Set-Cookie", value: "a=1; Path=/\nb=2; HttpOnly")
                == "a=••••••; Path=/\nb=••••••; HttpOnly")
        #expect(SecretMasker.maskHeader(name: "Cookie", value: "abc123") == "••••••")
        #expect(SecretMasker.maskHeader(name: "Cookie", value: "a=1; abc123") == "a=••••••; ••••••")
    }

    @Test("URL passwords and token query values are masked")
    func urls() {
        #expect(SecretMasker.maskURL("http://bob:pw@host/x") == "http://bob:••••••@host/x")
        #expect(SecretMasker.maskURL("http://h/p?token=abc&page=2") == "http://h/p?token=••••••&page=2")
        #expect(SecretMasker.maskURL("http://h/users/1") == "http://h/users/1")
        #expect(SecretMasker.maskTypedURL("bob:pw@host:80/x") == "bob:••••••@host:80/x")
        #expect(SecretMasker.maskTypedURL("http://bob:pw@host/x") == "http://bob:••••••@host/x")
        #expect(SecretMasker.maskTypedURL("mailto:a@b.c") == "mailto:a@b.c")
        #expect(SecretMasker.maskTypedURL("host:80/a@b") == "host:80/a@b")
    }

    @Test("bearer tokens in free text are masked")
    func inline() {
        #expect(
            SecretMasker.maskInlineCredentials("-H 'Authorization: Bearer s3cr3t'")
                == "-H 'Authorization: Bearer ••••••'")
    }

    @Test("a header line is masked by its name")
    func headerLine() {
        #expect(SecretMasker.maskHeaderLine("Authorization: Basic Zm9v") == "Authorization: Basic ••••••")
        #expect(SecretMasker.maskHeaderLine("Accept: */*") == "Accept: */*")
    }
}

@Suite("the one secret policy")
struct SecretPolicyTests {
    @Test("query parameters named like secrets are masked in free text, others stay")
    func freeText() {
        let line = "GET /a?token=abc&page=2&client_secret=s3 then /b?API_KEY=k#top"
        #expect(
            SecretMasker.maskQuerySecrets(in: line)
                == "GET /a?token=\(SecretMasker.mask)&page=2&client_secret=\(SecretMasker.mask) then /b?API_KEY=\(SecretMasker.mask)#top"
        )
    }

    @Test("secret query parameter names include secret header names")
    func queryNames() {
        #expect(SecretMasker.isSecretQueryParameter("access_token"))
        #expect(SecretMasker.isSecretQueryParameter("X-Api-Key"))
        #expect(!SecretMasker.isSecretQueryParameter("page"))
    }
}
