// Who really sent an inbound email (issue 55): a message counts as sent by its From address only when it is
// authenticated for it, DMARC-aligned SPF or DKIM (RFC 7489), checked here with kept libraries against DNS, or
// when the receiver that took it from the internet (Cloudflare Email Routing) says so in the topmost
// Authentication-Results header under the authserv-id the site trusts. Given to the hooks as
// $inboundMail.authenticate(base64Raw, envelope); CHORUS_DNS_SERVER points every lookup at one resolver (tests).
package main

import (
	"bytes"
	"context"
	"errors"
	"net"
	"net/mail"
	"os"
	"strings"
	"time"

	"blitiri.com.ar/go/spf"
	"github.com/emersion/go-msgauth/authres"
	"github.com/emersion/go-msgauth/dkim"
	"github.com/emersion/go-msgauth/dmarc"
	"golang.org/x/net/publicsuffix"
)

const (
	mailAuthLookupTimeout = 5 * time.Second
	maxDKIMSignatures     = 5
)

// mailEnvelope is what the receiver knew of the SMTP session: MAIL FROM, the client's address and HELO name
// (the local listener), or only MAIL FROM and the receiver whose verdict is trusted (the Worker).
type mailEnvelope struct {
	MailFrom          string `json:"mailFrom"`
	ClientIP          string `json:"clientIp"`
	Helo              string `json:"helo"`
	TrustedAuthservID string `json:"trustedAuthservId"`
}

// mailVerdict is whether the From address may be believed, and what was found on the way.
type mailVerdict struct {
	From          string   `json:"from"`
	Authenticated bool     `json:"authenticated"`
	Method        string   `json:"method"` // "dkim", "spf" or "receiver" when authenticated
	Domain        string   `json:"domain"` // the aligned domain that vouched for the From address
	Policy        string   `json:"policy"` // the From domain's DMARC policy: none, quarantine, reject, or ""
	DKIM          []string `json:"dkim"`   // each signature: "pass d=example.com" or "fail d=…: why"
	SPF           string   `json:"spf"`    // SPF's result for the envelope, "" when it could not be checked
	Receiver      string   `json:"receiver"`
	Reason        string   `json:"reason"`    // why it is not authenticated
	TempError     bool     `json:"tempError"` // a lookup failed for now: the sender's server should try later
}

// mailResolver is the system's resolver, or the one CHORUS_DNS_SERVER names (host:port, UDP).
func mailResolver() *net.Resolver {
	server := strings.TrimSpace(os.Getenv("CHORUS_DNS_SERVER"))
	if server == "" {
		return net.DefaultResolver
	}
	return &net.Resolver{
		PreferGo: true,
		Dial: func(ctx context.Context, _, _ string) (net.Conn, error) {
			var dialer net.Dialer
			return dialer.DialContext(ctx, "udp", server)
		},
	}
}

func lookupTXT(resolver spf.DNSResolver) func(string) ([]string, error) {
	return func(name string) ([]string, error) {
		ctx, cancel := context.WithTimeout(context.Background(), mailAuthLookupTimeout)
		defer cancel()
		return resolver.LookupTXT(ctx, name)
	}
}

// organizationalDomain is the registered domain (example.co.uk for mail.example.co.uk), as DMARC aligns.
func organizationalDomain(domain string) string {
	org, err := publicsuffix.EffectiveTLDPlusOne(domain)
	if err != nil {
		return domain
	}
	return org
}

func aligned(domain, fromDomain string, mode dmarc.AlignmentMode) bool {
	domain, fromDomain = strings.ToLower(strings.TrimSuffix(domain, ".")), strings.ToLower(fromDomain)
	if mode == dmarc.AlignmentStrict {
		return domain == fromDomain
	}
	return organizationalDomain(domain) == organizationalDomain(fromDomain)
}

func domainOf(address string) string {
	at := strings.LastIndex(address, "@")
	if at < 0 {
		return ""
	}
	return strings.ToLower(strings.TrimSuffix(address[at+1:], "."))
}

// dmarcRecord is the From domain's record, else its organizational domain's (with its subdomain policy).
func dmarcRecord(fromDomain string, lookup func(string) ([]string, error)) (*dmarc.Record, error) {
	options := &dmarc.LookupOptions{LookupTXT: lookup}
	record, err := dmarc.LookupWithOptions(fromDomain, options)
	if err == nil || dmarc.IsTempFail(err) {
		return record, err
	}
	org := organizationalDomain(fromDomain)
	if org == fromDomain {
		return nil, nil
	}
	record, err = dmarc.LookupWithOptions(org, options)
	if err == nil && record.SubdomainPolicy != "" {
		record.Policy = record.SubdomainPolicy
	}
	if err != nil && !dmarc.IsTempFail(err) {
		return nil, nil
	}
	return record, err
}

// receiverVerdict reads the topmost Authentication-Results header, and only under the trusted authserv-id: a
// receiver adds its own above whatever the message already carried, so a forged one is never on top.
func receiverVerdict(header mail.Header, trusted, fromDomain string) (bool, string) {
	values := header["Authentication-Results"]
	if trusted == "" || len(values) == 0 {
		return false, ""
	}
	identifier, results, err := authres.Parse(values[0])
	if err != nil || !strings.EqualFold(identifier, trusted) {
		return false, "topmost Authentication-Results is not the trusted receiver's"
	}
	for _, result := range results {
		if verdict, ok := result.(*authres.DMARCResult); ok {
			passed := verdict.Value == authres.ResultPass &&
				(verdict.From == "" || strings.EqualFold(strings.TrimSuffix(verdict.From, "."), fromDomain))
			return passed, "dmarc=" + string(verdict.Value)
		}
	}
	return false, "no dmarc result from the receiver"
}

// authenticateMail decides whether `raw` was sent by its From address, asking `resolver` (mailResolver()).
func authenticateMail(raw []byte, envelope mailEnvelope, resolver spf.DNSResolver) mailVerdict {
	verdict := mailVerdict{DKIM: []string{}}
	message, err := mail.ReadMessage(bytes.NewReader(raw))
	if err != nil {
		verdict.Reason = "not a message"
		return verdict
	}
	// One author only: DMARC has no answer for a message from two addresses, and neither does Chorus.
	if len(message.Header["From"]) != 1 {
		verdict.Reason = "not exactly one From header"
		return verdict
	}
	authors, err := message.Header.AddressList("From")
	if err != nil || len(authors) != 1 {
		verdict.Reason = "not exactly one From address"
		return verdict
	}
	verdict.From = strings.ToLower(authors[0].Address)
	fromDomain := domainOf(verdict.From)
	if fromDomain == "" {
		verdict.Reason = "no domain in the From address"
		return verdict
	}
	lookup := lookupTXT(resolver)
	record, err := dmarcRecord(fromDomain, lookup)
	temporary := err != nil
	var dkimMode, spfMode dmarc.AlignmentMode = dmarc.AlignmentRelaxed, dmarc.AlignmentRelaxed
	if record != nil {
		verdict.Policy = string(record.Policy)
		if record.DKIMAlignment == dmarc.AlignmentStrict {
			dkimMode = dmarc.AlignmentStrict
		}
		if record.SPFAlignment == dmarc.AlignmentStrict {
			spfMode = dmarc.AlignmentStrict
		}
	}

	if passed, note := receiverVerdict(message.Header, envelope.TrustedAuthservID, fromDomain); note != "" {
		verdict.Receiver = note
		if passed {
			verdict.Authenticated, verdict.Method, verdict.Domain = true, "receiver", fromDomain
			return verdict
		}
	}

	verifications, err := dkim.VerifyWithOptions(bytes.NewReader(raw), &dkim.VerifyOptions{
		LookupTXT:        lookup,
		MaxVerifications: maxDKIMSignatures,
	})
	if err != nil && !errors.Is(err, dkim.ErrTooManySignatures) {
		verdict.DKIM = append(verdict.DKIM, "unreadable: "+err.Error())
	}
	for _, check := range verifications {
		if check.Err != nil {
			temporary = temporary || dkim.IsTempFail(check.Err)
			verdict.DKIM = append(verdict.DKIM, "fail d="+check.Domain+": "+check.Err.Error())
			continue
		}
		verdict.DKIM = append(verdict.DKIM, "pass d="+check.Domain)
		if !verdict.Authenticated && aligned(check.Domain, fromDomain, dkimMode) {
			verdict.Authenticated, verdict.Method, verdict.Domain = true, "dkim", strings.ToLower(check.Domain)
		}
	}
	if verdict.Authenticated {
		return verdict
	}

	if ip := net.ParseIP(envelope.ClientIP); ip != nil {
		spfDomain := domainOf(envelope.MailFrom)
		if spfDomain == "" {
			spfDomain = strings.ToLower(envelope.Helo)
		}
		ctx, cancel := context.WithTimeout(context.Background(), 4*mailAuthLookupTimeout)
		result, _ := spf.CheckHostWithSender(ip, envelope.Helo, envelope.MailFrom,
			spf.WithResolver(resolver), spf.WithContext(ctx))
		cancel()
		verdict.SPF = string(result)
		temporary = temporary || result == spf.TempError
		if result == spf.Pass && aligned(spfDomain, fromDomain, spfMode) {
			verdict.Authenticated, verdict.Method, verdict.Domain = true, "spf", spfDomain
			return verdict
		}
	}

	verdict.TempError = temporary
	switch {
	case temporary:
		verdict.Reason = "a DNS lookup failed for now"
	case len(verifications) == 0 && verdict.SPF == "":
		verdict.Reason = "no DKIM signature and no SPF to check"
	default:
		verdict.Reason = "no DKIM signature or SPF pass aligned with " + fromDomain
	}
	return verdict
}
