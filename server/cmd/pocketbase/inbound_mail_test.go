// Reading inbound email: text, Latin-1, HTML-only bodies, image attachments, the machine-sent headers, and
// messages too broken to read refused whole.
package main

import (
	"encoding/base64"
	"strings"
	"testing"
)

func TestParseInboundMailReadsTextAndFiles(t *testing.T) {
	png := []byte{0x89, 'P', 'N', 'G', 1, 2, 3}
	raw := "From: =?utf-8?q?Ad=C3=A1?= <Ada@Example.com>\r\n" +
		"To: ideas@chorus.test\r\nSubject: =?utf-8?q?Dark_mode_=E2=9C=A8?=\r\nMessage-Id: <1@x>\r\n" +
		"Auto-Submitted: auto-replied\r\nPrecedence: Bulk\r\nX-Autoreply: yes\r\n" +
		"Content-Type: multipart/mixed; boundary=b1\r\n\r\n" +
		"--b1\r\nContent-Type: text/plain; charset=iso-8859-1\r\nContent-Transfer-Encoding: quoted-printable\r\n\r\n" +
		"Caf=E9 please\r\n--b1\r\nContent-Type: image/png; name=shot.png\r\nContent-Transfer-Encoding: base64\r\n\r\n" +
		base64.StdEncoding.EncodeToString(png) + "\r\n--b1--\r\n"
	message, err := parseInboundMail([]byte(raw))
	if err != nil {
		t.Fatal(err)
	}
	if message.From != "ada@example.com" || message.FromName != "Adá" || message.Subject != "Dark mode ✨" {
		t.Fatalf("sender or subject: %+v", message)
	}
	if message.Text != "Café please" {
		t.Fatalf("text: %q", message.Text)
	}
	if message.AutoSubmitted != "auto-replied" || message.Precedence != "bulk" || !message.AutoReply {
		t.Fatalf("machine headers: %+v", message)
	}
	if len(message.Attachments) != 1 || message.Attachments[0].Name != "shot.png" ||
		string(message.Attachments[0].Bytes) != string(png) {
		t.Fatalf("attachments: %+v", message.Attachments)
	}
}

func TestParseInboundMailReadsHTMLOnly(t *testing.T) {
	raw := "From: a@b.c\r\nSubject: Hi\r\nContent-Type: text/html\r\n\r\n<p>One &amp; two</p><script>x()</script><p>Three</p>"
	message, err := parseInboundMail([]byte(raw))
	if err != nil {
		t.Fatal(err)
	}
	if message.Text != "One & two\n\nThree" {
		t.Fatalf("text: %q", message.Text)
	}
}

func TestParseInboundMailRefusesBrokenMessages(t *testing.T) {
	for name, raw := range map[string]string{
		"no sender":      "Subject: x\r\n\r\nbody",
		"no headers":     "just words",
		"no boundary":    "From: a@b.c\r\nContent-Type: multipart/mixed\r\n\r\n--x\r\n",
		"broken base64":  "From: a@b.c\r\nContent-Transfer-Encoding: base64\r\n\r\n!!!not base64!!!",
		"too many parts": "From: a@b.c\r\nContent-Type: multipart/mixed; boundary=b\r\n\r\n" + strings.Repeat("--b\r\n\r\nx\r\n", 50) + "--b--\r\n",
	} {
		if _, err := parseInboundMail([]byte(raw)); err == nil {
			t.Errorf("%s: read without an error", name)
		}
	}
}
