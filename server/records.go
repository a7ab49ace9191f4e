package server

import (
	"crypto/rand"
	"encoding/hex"
	"fmt"
	"reflect"
	"strconv"
	"strings"
)

// The tools read tmux's objects with one list command each: its -F format
// prints every field of a record type, whose struct fields name their tmux
// format variable in a tmux tag, so that a record's JSON field, its tmux
// variable and its parsing are declared once.
//
// Values are whatever tmux holds: a pane's title or path can hold any
// character, line breaks included, since a program sets it. So fields and
// records are cut at markers drawn at random when the process starts,
// which no program can know to forge; and tmux runs with -u (UTF-8) so
// that it prints values as they are.

var fieldMark, recordMark = func() (string, string) {
	var b [16]byte
	rand.Read(b[:])
	h := hex.EncodeToString(b[:])
	return "<f" + h[:12] + ">", "<r" + h[12:] + ">"
}()

// recordFormat is the -F format that prints records of type T, and after
// each the extra format variables named.
func recordFormat[T any](extra ...string) string {
	var b strings.Builder
	for i, f := range recordFields(reflect.TypeFor[T]()) {
		if i > 0 {
			b.WriteString(fieldMark)
		}
		b.WriteString("#{" + f.variable + "}")
	}
	for _, v := range extra {
		b.WriteString(fieldMark + "#{" + v + "}")
	}
	b.WriteString(recordMark)
	return b.String()
}

type recordField struct {
	variable string
	index    []int
}

func recordFields(t reflect.Type) []recordField {
	var fields []recordField
	for _, sf := range reflect.VisibleFields(t) {
		if v := sf.Tag.Get("tmux"); v != "" {
			fields = append(fields, recordField{v, sf.Index})
		}
	}
	return fields
}

// parseRecords reads what a command printed with recordFormat[T]. A
// string field takes the value as it is; an integer or a boolean (tmux's
// "1" or "0") pointer field is null when tmux printed nothing for it.
func parseRecords[T any](out []byte) ([]T, error) {
	records, _, err := parseRecordsExtra[T](out, 0)
	return records, err
}

// parseRecordsExtra is parseRecords for recordFormat[T] with n extra
// variables, whose values come back beside each record.
func parseRecordsExtra[T any](out []byte, n int) ([]T, [][]string, error) {
	fields := recordFields(reflect.TypeFor[T]())
	text := string(out)
	var records []T
	var extras [][]string
	for text != "" {
		// tmux ends each record it prints with a line feed of its own.
		line, rest, found := strings.Cut(text, recordMark+"\n")
		if !found {
			return nil, nil, fmt.Errorf("tmux printed a record without its end")
		}
		text = rest
		values := strings.Split(line, fieldMark)
		if len(values) != len(fields)+n {
			return nil, nil, fmt.Errorf("tmux printed a record of %d fields, want %d", len(values), len(fields)+n)
		}
		var r T
		v := reflect.ValueOf(&r).Elem()
		for i, f := range fields {
			if err := setField(v.FieldByIndex(f.index), values[i]); err != nil {
				return nil, nil, fmt.Errorf("tmux printed #{%s} as %q: %v", f.variable, shorten(values[i], 40), err)
			}
		}
		records = append(records, r)
		extras = append(extras, values[len(fields):])
	}
	return records, extras, nil
}

func setField(dst reflect.Value, value string) error {
	if dst.Kind() == reflect.Pointer {
		if value == "" && dst.Type().Elem().Kind() != reflect.String {
			return nil
		}
		p := reflect.New(dst.Type().Elem())
		dst.Set(p)
		dst = p.Elem()
	}
	switch dst.Kind() {
	case reflect.String:
		dst.SetString(value)
	case reflect.Int64:
		n, err := strconv.ParseInt(value, 10, 64)
		if err != nil {
			return err
		}
		dst.SetInt(n)
	case reflect.Bool:
		dst.SetBool(value == "1")
	default:
		panic("records: a field of kind " + dst.Kind().String())
	}
	return nil
}
