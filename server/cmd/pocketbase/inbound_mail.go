// Reading an inbound email (ideas by email, pb_hooks/inbound-email/): the one place a raw MIME message is
// parsed, with Go's own net/mail and mime packages, given to the hooks as $inboundMail.parse(base64Raw).
// It returns the sender, the headers that say "a machine sent this", the plain text and the attached files;
// a message it cannot read is an error, so nothing of it is imported.
package main

import (
	"bytes"
	"encoding/base64"
	"errors"
	"fmt"
	"io"
	"mime"
	"mime/multipart"
	"mime/quotedprintable"
	"net/mail"
	"regexp"
	"strings"

	"github.com/dop251/goja"
)

const (
	maxMailParts = 40
	maxMailDepth = 5
)

// inboundAttachment is a file the message carries (the hooks keep only images).
type inboundAttachment struct {
	Name  string `json:"name"`
	Type  string `json:"type"`
	Bytes []byte `json:"bytes"`
}

// inboundMessage is what the hooks read of a message.
type inboundMessage struct {
	From          string              `json:"from"`
	FromName      string              `json:"fromName"`
	Subject       string              `json:"subject"`
	MessageId     string              `json:"messageId"`
	AutoSubmitted string              `json:"autoSubmitted"`
	Precedence    string              `json:"precedence"`
	AutoReply     bool                `json:"autoReply"`
	ChorusSent    bool                `json:"chorusSent"`
	Text          string              `json:"text"`
	Attachments   []inboundAttachment `json:"attachments"`
}

var (
	wordDecoder = &mime.WordDecoder{CharsetReader: charsetReader}
	htmlTag     = regexp.MustCompile(`(?s)<(script|style)[^>]*>.*?</(script|style)>|<[^>]+>`)
	blankLines  = regexp.MustCompile(`\n{3,}`)
)

// charsetReader reads Latin-1 as well as UTF-8 and ASCII (what net/mail reads by itself).
func charsetReader(charset string, input io.Reader) (io.Reader, error) {
	switch strings.ToLower(charset) {
	case "iso-8859-1", "latin1", "windows-1252":
		raw, err := io.ReadAll(input)
		if err != nil {
			return nil, err
		}
		return strings.NewReader(latin1(raw)), nil
	}
	return nil, fmt.Errorf("unsupported charset %q", charset)
}

func latin1(raw []byte) string {
	runes := make([]rune, len(raw))
	for i, b := range raw {
		runes[i] = rune(b)
	}
	return string(runes)
}

// parseInboundMail reads one raw message.
func parseInboundMail(raw []byte) (*inboundMessage, error) {
	message, err := mail.ReadMessage(bytes.NewReader(raw))
	if err != nil {
		return nil, fmt.Errorf("not a message: %w", err)
	}
	header := message.Header
	from, err := mail.ParseAddress(decodeWords(header.Get("From")))
	if err != nil {
		return nil, fmt.Errorf("no sender: %w", err)
	}
	out := &inboundMessage{
		From:          strings.ToLower(from.Address),
		FromName:      from.Name,
		Subject:       strings.TrimSpace(decodeWords(header.Get("Subject"))),
		MessageId:     strings.TrimSpace(header.Get("Message-Id")),
		AutoSubmitted: strings.ToLower(strings.TrimSpace(header.Get("Auto-Submitted"))),
		Precedence:    strings.ToLower(strings.TrimSpace(header.Get("Precedence"))),
		AutoReply:     header.Get("X-Autoreply") != "" || header.Get("X-Autorespond") != "",
		ChorusSent:    header.Get("X-Chorus-Notification") != "",
		Attachments:   []inboundAttachment{},
	}
	var plain, html []string
	parts := 0
	if err := walkPart(textproto(header), message.Body, 0, &parts, &plain, &html, out); err != nil {
		return nil, err
	}
	switch {
	case len(plain) > 0:
		out.Text = strings.Join(plain, "\n\n")
	case len(html) > 0:
		out.Text = htmlText(strings.Join(html, "\n"))
	}
	out.Text = strings.TrimSpace(strings.ReplaceAll(out.Text, "\r\n", "\n"))
	return out, nil
}

type partHeader interface{ Get(string) string }

func textproto(h mail.Header) partHeader { return h }

func decodeWords(text string) string {
	decoded, err := wordDecoder.DecodeHeader(text)
	if err != nil {
		return text
	}
	return decoded
}

// walkPart collects a part's text and files, descending into multiparts.
func walkPart(header partHeader, body io.Reader, depth int, parts *int, plain, html *[]string, out *inboundMessage) error {
	*parts++
	if *parts > maxMailParts || depth > maxMailDepth {
		return errors.New("too many parts")
	}
	mediaType, params, err := mime.ParseMediaType(header.Get("Content-Type"))
	if err != nil {
		mediaType, params = "text/plain", map[string]string{}
	}
	if strings.HasPrefix(mediaType, "multipart/") {
		boundary := params["boundary"]
		if boundary == "" {
			return errors.New("a multipart without a boundary")
		}
		reader := multipart.NewReader(body, boundary)
		for {
			part, err := reader.NextRawPart()
			if err == io.EOF {
				return nil
			}
			if err != nil {
				return fmt.Errorf("a broken multipart: %w", err)
			}
			if err := walkPart(part.Header, part, depth+1, parts, plain, html, out); err != nil {
				return err
			}
		}
	}
	content, err := decodeBody(header.Get("Content-Transfer-Encoding"), body)
	if err != nil {
		return err
	}
	disposition, dispositionParams, _ := mime.ParseMediaType(header.Get("Content-Disposition"))
	name := decodeWords(dispositionParams["filename"])
	if name == "" {
		name = decodeWords(params["name"])
	}
	isText := mediaType == "text/plain" || mediaType == "text/html"
	if isText && disposition != "attachment" && name == "" {
		text := string(content)
		if charset := strings.ToLower(params["charset"]); charset == "iso-8859-1" || charset == "windows-1252" {
			text = latin1(content)
		}
		if mediaType == "text/plain" {
			*plain = append(*plain, text)
		} else {
			*html = append(*html, text)
		}
		return nil
	}
	out.Attachments = append(out.Attachments, inboundAttachment{Name: name, Type: mediaType, Bytes: content})
	return nil
}

func decodeBody(encoding string, body io.Reader) ([]byte, error) {
	switch strings.ToLower(strings.TrimSpace(encoding)) {
	case "base64":
		content, err := io.ReadAll(base64.NewDecoder(base64.StdEncoding, newlineStripper{body}))
		if err != nil {
			return nil, fmt.Errorf("broken base64: %w", err)
		}
		return content, nil
	case "quoted-printable":
		content, err := io.ReadAll(quotedprintable.NewReader(body))
		if err != nil {
			return nil, fmt.Errorf("broken quoted-printable: %w", err)
		}
		return content, nil
	}
	return io.ReadAll(body)
}

// newlineStripper drops line breaks and spaces, which base64 bodies carry every 76 characters.
type newlineStripper struct{ r io.Reader }

func (s newlineStripper) Read(p []byte) (int, error) {
	n, err := s.r.Read(p)
	kept := 0
	for _, b := range p[:n] {
		if b != '\r' && b != '\n' && b != ' ' && b != '\t' {
			p[kept] = b
			kept++
		}
	}
	return kept, err
}

// htmlText is the words of an HTML-only message: tags dropped, paragraphs kept as blank lines.
func htmlText(html string) string {
	html = strings.NewReplacer("<br>", "\n", "<br/>", "\n", "<br />", "\n", "</p>", "\n\n", "</div>", "\n").Replace(html)
	text := htmlTag.ReplaceAllString(html, "")
	text = strings.NewReplacer("&nbsp;", " ", "&lt;", "<", "&gt;", ">", "&quot;", `"`, "&#39;", "'", "&amp;", "&").Replace(text)
	return blankLines.ReplaceAllString(text, "\n\n")
}

// bindInboundMail gives the hooks $inboundMail.parse(base64Raw): the message, or a thrown error; and
// $inboundMail.authenticate(base64Raw, { mailFrom, clientIp, helo, trustedAuthservId }): who sent it (mail_auth.go).
func bindInboundMail(vm *goja.Runtime) {
	object := vm.NewObject()
	_ = object.Set("parse", func(encoded string) (*inboundMessage, error) {
		raw, err := base64.StdEncoding.DecodeString(encoded)
		if err != nil {
			return nil, errors.New("the message is not base64")
		}
		return parseInboundMail(raw)
	})
	_ = object.Set("authenticate", func(encoded string, envelope map[string]any) (*mailVerdict, error) {
		raw, err := base64.StdEncoding.DecodeString(encoded)
		if err != nil {
			return nil, errors.New("the message is not base64")
		}
		text := func(key string) string { value, _ := envelope[key].(string); return value }
		verdict := authenticateMail(raw, mailEnvelope{
			MailFrom:          text("mailFrom"),
			ClientIP:          text("clientIp"),
			Helo:              text("helo"),
			TrustedAuthservID: text("trustedAuthservId"),
		}, mailResolver())
		return &verdict, nil
	})
	vm.Set("$inboundMail", object)
}
