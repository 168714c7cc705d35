// Who really sent an inbound email: DKIM and SPF aligned with From (relaxed and strict), forged From headers,
// a forged Authentication-Results header under the trusted receiver's name, and DNS failures (try later).
// DNS answers come from a table here; the integration tests ask a real DNS stand-in over UDP.
package main

import (
	"bytes"
	"context"
	"crypto/rand"
	"crypto/rsa"
	"crypto/x509"
	"encoding/base64"
	"errors"
	"net"
	"strings"
	"testing"

	"github.com/emersion/go-msgauth/dkim"
)

// tableDNS answers TXT lookups from a map; a name mapped to "TEMP" fails as a timeout would.
type tableDNS map[string][]string

func (t tableDNS) LookupTXT(_ context.Context, name string) ([]string, error) {
	name = strings.TrimSuffix(strings.ToLower(name), ".")
	if answer := t[name]; len(answer) == 1 && answer[0] == "TEMP" {
		return nil, &net.DNSError{Err: "timeout", Name: name, IsTimeout: true, IsTemporary: true}
	} else if answer != nil {
		return answer, nil
	}
	return nil, &net.DNSError{Err: "no such host", Name: name, IsNotFound: true}
}
func (t tableDNS) LookupMX(context.Context, string) ([]*net.MX, error) {
	return nil, &net.DNSError{Err: "no such host", IsNotFound: true}
}
func (t tableDNS) LookupIPAddr(context.Context, string) ([]net.IPAddr, error) {
	return nil, &net.DNSError{Err: "no such host", IsNotFound: true}
}
func (t tableDNS) LookupAddr(context.Context, string) ([]string, error) {
	return nil, errors.New("no PTR")
}

func testKey(t *testing.T) (*rsa.PrivateKey, string) {
	t.Helper()
	key, err := rsa.GenerateKey(rand.Reader, 2048)
	if err != nil {
		t.Fatal(err)
	}
	public, _ := x509.MarshalPKIXPublicKey(&key.PublicKey)
	return key, "v=DKIM1; k=rsa; p=" + base64.StdEncoding.EncodeToString(public)
}

func message(from string, extra ...string) []byte {
	head := append([]string{"From: " + from, "To: ideas@chorus.test", "Subject: Dark mode", "Message-Id: <1@x>"}, extra...)
	return []byte(strings.Join(head, "\r\n") + "\r\n\r\nPlease add a dark mode.\r\n")
}

func signed(t *testing.T, raw []byte, domain string, key *rsa.PrivateKey) []byte {
	t.Helper()
	var out bytes.Buffer
	err := dkim.Sign(&out, bytes.NewReader(raw), &dkim.SignOptions{
		Domain: domain, Selector: "s1", Signer: key,
		HeaderCanonicalization: dkim.CanonicalizationRelaxed, BodyCanonicalization: dkim.CanonicalizationRelaxed,
	})
	if err != nil {
		t.Fatal(err)
	}
	return out.Bytes()
}

func TestDKIMAlignedWithFromAuthenticates(t *testing.T) {
	key, record := testKey(t)
	dns := tableDNS{"s1._domainkey.mail.acme.test": {record}}
	// Relaxed alignment: mail.acme.test signs for ada@acme.test.
	verdict := authenticateMail(signed(t, message("Ada <ada@acme.test>"), "mail.acme.test", key), mailEnvelope{}, dns)
	if !verdict.Authenticated || verdict.Method != "dkim" || verdict.From != "ada@acme.test" {
		t.Fatalf("relaxed: %+v", verdict)
	}
	// Strict alignment (adkim=s) refuses the subdomain.
	dns["_dmarc.acme.test"] = []string{"v=DMARC1; p=reject; adkim=s"}
	verdict = authenticateMail(signed(t, message("ada@acme.test"), "mail.acme.test", key), mailEnvelope{}, dns)
	if verdict.Authenticated || verdict.Policy != "reject" {
		t.Fatalf("strict: %+v", verdict)
	}
}

func TestForgedFromIsNotAuthenticated(t *testing.T) {
	key, record := testKey(t)
	dns := tableDNS{"s1._domainkey.evil.test": {record}, "evil.test": {"v=spf1 ip4:192.0.2.0/24 -all"}}
	cases := map[string]mailVerdict{
		// A valid signature of the attacker's own domain says nothing of admin@chorus.test.
		"signed by another domain": authenticateMail(signed(t, message("admin@chorus.test"), "evil.test", key), mailEnvelope{}, dns),
		// SPF passes for the envelope's domain, which is not the From's.
		"spf of another domain": authenticateMail(message("admin@chorus.test"), mailEnvelope{
			MailFrom: "bounce@evil.test", ClientIP: "192.0.2.7", Helo: "mx.evil.test",
		}, dns),
		// Changed after signing: the body hash no longer matches.
		"altered after signing": authenticateMail(bytes.Replace(signed(t, message("x@evil.test"), "evil.test", key),
			[]byte("dark mode"), []byte("free money"), 1), mailEnvelope{}, dns),
		"unsigned": authenticateMail(message("admin@chorus.test"), mailEnvelope{}, dns),
		"two authors": authenticateMail(signed(t, message("x@evil.test, admin@chorus.test"), "evil.test", key),
			mailEnvelope{}, dns),
		"two From headers": authenticateMail(signed(t, message("x@evil.test", "From: admin@chorus.test"), "evil.test", key),
			mailEnvelope{}, dns),
	}
	for name, verdict := range cases {
		if verdict.Authenticated || verdict.Reason == "" {
			t.Errorf("%s: %+v", name, verdict)
		}
	}
}

func TestSPFAlignedWithFromAuthenticates(t *testing.T) {
	dns := tableDNS{"acme.test": {"v=spf1 ip4:192.0.2.0/24 -all"}}
	envelope := mailEnvelope{MailFrom: "bounces@acme.test", ClientIP: "192.0.2.9", Helo: "mx.acme.test"}
	verdict := authenticateMail(message("ada@acme.test"), envelope, dns)
	if !verdict.Authenticated || verdict.Method != "spf" || verdict.SPF != "pass" {
		t.Fatalf("pass: %+v", verdict)
	}
	envelope.ClientIP = "198.51.100.1"
	if verdict := authenticateMail(message("ada@acme.test"), envelope, dns); verdict.Authenticated || verdict.SPF != "fail" {
		t.Fatalf("from elsewhere: %+v", verdict)
	}
}

func TestReceiverVerdictTrustedOnlyOnTopAndUnderItsName(t *testing.T) {
	dns := tableDNS{}
	pass := "Authentication-Results: mx.cloudflare.net; dkim=pass header.d=acme.test; dmarc=pass header.from=acme.test"
	trusted := mailEnvelope{TrustedAuthservID: "mx.cloudflare.net"}
	// On top, under the trusted name: believed.
	if verdict := authenticateMail(message("ada@acme.test", pass), trusted, dns); !verdict.Authenticated || verdict.Method != "receiver" {
		t.Fatalf("trusted: %+v", verdict)
	}
	// The same header where no receiver is trusted (the local SMTP listener): ignored.
	if verdict := authenticateMail(message("ada@acme.test", pass), mailEnvelope{}, dns); verdict.Authenticated {
		t.Fatalf("untrusted path: %+v", verdict)
	}
	// A pass for another domain than the From's.
	if verdict := authenticateMail(message("admin@chorus.test", pass), trusted, dns); verdict.Authenticated {
		t.Fatalf("other domain: %+v", verdict)
	}
	// A forged pass below the receiver's own fail (the receiver adds its header on top).
	forged := message("admin@board.test",
		"Authentication-Results: mx.cloudflare.net; dmarc=fail header.from=board.test",
		strings.ReplaceAll(pass, "acme.test", "board.test"))
	// net/mail keeps a header's values in message order, so the receiver's own fail is read first.
	if verdict := authenticateMail(forged, trusted, dns); verdict.Authenticated || verdict.Receiver != "dmarc=fail" {
		t.Fatalf("forged below: %+v", verdict)
	}
	// Under another authserv-id: not the receiver's word.
	other := message("ada@acme.test", strings.Replace(pass, "mx.cloudflare.net", "mx.evil.test", 1))
	if verdict := authenticateMail(other, trusted, dns); verdict.Authenticated {
		t.Fatalf("other authserv-id: %+v", verdict)
	}
}

func TestDNSFailureAsksToTryLater(t *testing.T) {
	key, _ := testKey(t)
	dns := tableDNS{"s1._domainkey.acme.test": {"TEMP"}, "_dmarc.acme.test": {"TEMP"}}
	verdict := authenticateMail(signed(t, message("ada@acme.test"), "acme.test", key), mailEnvelope{}, dns)
	if verdict.Authenticated || !verdict.TempError {
		t.Fatalf("temp: %+v", verdict)
	}
}
