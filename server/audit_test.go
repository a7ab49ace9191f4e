package server_test

import (
	"bufio"
	"crypto/rand"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/tmuxbuf/tmuxbuf/server"
)

// TestAuditLogNeverHoldsContent sends a random secret through every path that
// sees content, success and failure alike, and checks that the audit log has
// one record per call with the secret's length and digest but never the
// secret, and that no error text quotes it.
func TestAuditLogNeverHoldsContent(t *testing.T) {
	e := newEnv(t, func(c *server.Config) { c.MaxContentBytes = 4096 })
	secret := "sk-" + rand.Text() + "-ünïcode"
	sum := sha256.Sum256([]byte(secret))
	digest := hex.EncodeToString(sum[:])[:12]
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
	if content["len"] != float64(utf8.RuneCountInString(secret)) || content["sha256_prefix"] != digest {
		t.Errorf("content recorded as %v, want len %d and sha256_prefix %s", content, utf8.RuneCountInString(secret), digest)
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
