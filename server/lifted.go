package server

import (
	"github.com/tmuxbuf/tmuxbuf/internal/argspec"
	"github.com/tmuxbuf/tmuxbuf/internal/lift"
)

// The transports of cmd/tmuxbuf-mcp keep large strings out of the go-sdk's
// way (see package internal/lift): a call's string argument may come as a
// token of the server's table, and a show_buffer reply's content go out as
// one. They reach the table through lift.TableOf, so that it is no part of
// this package's API.
func init() {
	lift.TableOf = func(srv any) *lift.Table { return srv.(*Server).payloads }
}

// resolvePayloads swaps the tokens among a's string arguments, the decoded
// arguments of spec, for the strings they stand for, and returns the
// redactions that came with them.
func (s *Server) resolvePayloads(spec *argspec.Spec, a any) map[string]<-chan lift.Digest {
	var made map[string]<-chan lift.Digest
	spec.Strings(a, func(name string, value *string) {
		lifted, r := s.payloads.Lookup(*value)
		*value = lifted
		if r != nil {
			if made == nil {
				made = map[string]<-chan lift.Digest{}
			}
			made[name] = r
		}
	})
	return made
}
