package server_test

import (
	"bufio"
	"crypto/hmac"
	"crypto/rand"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"unicode/utf8"

	"github.com/tmuxbuf/tmuxbuf/server"
)

// TestAuditLogNeverHoldsContent sends a random secret through every path that
// sees content, success and failure alike, and checks that the audit log has
// one record per call with the secret's length and keyed digest but never
// the secret, and that no error text quotes it.
func TestAuditLogNeverHoldsContent(t *testing.T) {
	key := []byte(rand.Text() + rand.Text())
	e := newEnv(t, func(c *server.Config) { c.MaxContentBytes = 4096; c.AuditKey = key })
	secret := "sk-" + rand.Text() + "-ünïcode"
	digest := hmacPrefix(key, secret)
	tooBig := secret + strings.Repeat("x", 4096)

	name := e.load(secret)
	e.ok("show_buffer", map[string]any{"buffer_name": name})
	var errs []string
	errs = append(errs,
		e.fails("load_buffer", map[string]any{"content": tooBig}),
		e.fails("load_buffer", map[string]any{"content": secret, "logical_name": "bad name"}),
		e.fails("load_buffer", map[string]any{"contents": secret}),
		e.fails("load_buffer", map[string]any{"content": secret, "socket_name": e.socket + "-dead"}),
	)
	for _, msg := range errs {
		if strings.Contains(msg, secret) {
			t.Errorf("tool error quotes the secret: %s", msg)
		}
	}

	log := e.audit.String()
	if strings.Contains(log, secret) || strings.Contains(log, secret[:12]) {
		t.Fatalf("the audit log holds the secret:\n%s", log)
	}
	records := auditRecords(t, log)
	if len(records) != 6 {
		t.Fatalf("%d audit records for 6 calls:\n%s", len(records), log)
	}
	first := records[0]
	if first["tool"] != "load_buffer" || first["outcome"] != "ok" || first["request_id"] == "" || first["duration_ms"] == nil {
		t.Errorf("first record lacks tool, outcome, request id or duration: %v", first)
	}
	content, _ := first["args"].(map[string]any)["content"].(map[string]any)
	if content["len"] != float64(utf8.RuneCountInString(secret)) || content["hmac_sha256_prefix"] != digest || len(content) != 2 {
		t.Errorf("content recorded as %v, want only len %d and hmac_sha256_prefix %s", content, utf8.RuneCountInString(secret), digest)
	}
	if !strings.Contains(log, `"unknown_args":["contents"]`) {
		t.Errorf("the misspelt argument is not named in the log")
	}
	for _, r := range records[2:] {
		if r["outcome"] != "error" || r["error"] == "" {
			t.Errorf("failed call recorded as %v", r)
		}
	}
}

// TestAuditRedactsLargePayloads checks the redaction that runs beside a
// call, for payloads large enough to be redacted early: the record has
// the same length and digest as a small payload's would.
func TestAuditRedactsLargePayloads(t *testing.T) {
	key := []byte(rand.Text() + rand.Text())
	e := newEnv(t, func(c *server.Config) { c.AuditKey = key })
	secret := strings.Repeat("sk-"+rand.Text()+"-ünïcode\n", 5000) // about 200 KiB
	e.load(secret)
	e.fails("load_buffer", map[string]any{"content": secret, "socket_name": e.socket + "-dead"})

	log := e.audit.String()
	if strings.Contains(log, secret[:40]) {
		t.Fatalf("the audit log holds the secret")
	}
	records := auditRecords(t, log)
	if len(records) != 2 {
		t.Fatalf("%d audit records for 2 calls", len(records))
	}
	want := map[string]any{"len": float64(utf8.RuneCountInString(secret)), "hmac_sha256_prefix": hmacPrefix(key, secret)}
	for _, r := range records {
		content, _ := r["args"].(map[string]any)["content"].(map[string]any)
		if fmt.Sprint(content) != fmt.Sprint(want) {
			t.Errorf("%s call: content recorded as %v, want %v", r["outcome"], content, want)
		}
	}
}

func hmacPrefix(key []byte, content string) string {
	h := hmac.New(sha256.New, key)
	h.Write([]byte(content))
	return hex.EncodeToString(h.Sum(nil))[:16]
}

// loggedDigest loads content on a fresh server made with configure and
// returns the digest the audit log gives it.
func loggedDigest(t *testing.T, content string, configure ...func(*server.Config)) string {
	t.Helper()
	e := newEnv(t, configure...)
	e.load(content)
	records := auditRecords(t, e.audit.String())
	digest, _ := records[0]["args"].(map[string]any)["content"].(map[string]any)["hmac_sha256_prefix"].(string)
	if len(digest) != 16 {
		t.Fatalf("no 16-digit hmac_sha256_prefix in %v", records[0])
	}
	return digest
}

// TestAuditDigestIsKeyed: a six-digit PIN in the log is not given away by
// trying every PIN, because its digest is keyed; each server draws its own
// key unless it is given one, and one key gives one digest across servers.
func TestAuditDigestIsKeyed(t *testing.T) {
	const pin = "482913"
	digest := loggedDigest(t, pin)
	for n := range 1_000_000 {
		guess := fmt.Sprintf("%06d", n)
		sum := sha256.Sum256([]byte(guess))
		if strings.HasPrefix(hex.EncodeToString(sum[:]), digest) {
			t.Fatalf("the logged digest of a PIN is its plain SHA-256 prefix: %s gives it away", guess)
		}
	}
	if again := loggedDigest(t, pin); again == digest {
		t.Errorf("two servers without a key gave the PIN one digest, %s: the key is not random", digest)
	}
	key := []byte(strings.Repeat("k", server.MinAuditKeyLen))
	withKey := func(c *server.Config) { c.AuditKey = key }
	if a, b := loggedDigest(t, pin, withKey), loggedDigest(t, pin, withKey); a != b || a != hmacPrefix(key, pin) {
		t.Errorf("one key gave %s and %s, want %s both times", a, b, hmacPrefix(key, pin))
	}
	if _, err := server.New(server.Config{AuditKey: key[:server.MinAuditKeyLen-1]}); err == nil {
		t.Errorf("a key of %d bytes was accepted", server.MinAuditKeyLen-1)
	}
}

// TestReadAuditKey: a key file must be private to its owner and hold a key
// of MinAuditKeyLen bytes at least, less one final line end.
func TestReadAuditKey(t *testing.T) {
	dir := t.TempDir()
	key := strings.Repeat("0123456789abcdef", 3)
	write := func(name, content string, mode os.FileMode) string {
		path := filepath.Join(dir, name)
		if err := os.WriteFile(path, []byte(content), 0o600); err != nil {
			t.Fatal(err)
		}
		if err := os.Chmod(path, mode); err != nil { // whatever the umask
			t.Fatal(err)
		}
		return path
	}
	for content, want := range map[string]string{key: key, key + "\n": key, key + "\r\n": key, "\x00" + key + "\n\n": "\x00" + key + "\n", key + "\r": key + "\r"} {
		got, err := server.ReadAuditKey(write("good", content, 0o600))
		if err != nil || string(got) != want {
			t.Errorf("ReadAuditKey of %q = %q, %v; want %q", content, got, err, want)
		}
	}
	fifo := filepath.Join(dir, "fifo")
	if err := syscall.Mkfifo(fifo, 0o600); err != nil {
		t.Fatal(err)
	}
	for label, path := range map[string]string{
		"readable by the group":  write("group", key, 0o640),
		"readable by others":     write("others", key, 0o604),
		"writable by the group":  write("gw", key, 0o620),
		"short":                  write("short", key[:server.MinAuditKeyLen-1]+"\n", 0o600),
		"empty":                  write("empty", "", 0o600),
		"longer than a key file": write("long", strings.Repeat(key, 1000), 0o600),
		"a FIFO":                 fifo,
		"a directory":            dir,
		"missing":                filepath.Join(dir, "missing"),
	} {
		if _, err := server.ReadAuditKey(path); err == nil {
			t.Errorf("a key file %s was accepted", label)
		} else if !strings.Contains(err.Error(), "audit key file") || strings.Contains(err.Error(), key) {
			t.Errorf("a key file %s: unclear error, or one that quotes the key: %v", label, err)
		}
	}
}

func auditRecords(t *testing.T, log string) []map[string]any {
	t.Helper()
	var records []map[string]any
	sc := bufio.NewScanner(strings.NewReader(log))
	sc.Buffer(nil, 1<<20)
	for sc.Scan() {
		var r map[string]any
		if err := json.Unmarshal(sc.Bytes(), &r); err != nil {
			t.Fatalf("audit line is not JSON: %v: %s", err, sc.Text())
		}
		records = append(records, r)
	}
	return records
}
