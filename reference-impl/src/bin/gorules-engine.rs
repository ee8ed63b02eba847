//! `gorules-engine [--ruleset naj|core] [--ko RULES] [--suicide prohibited|allowed] [--naj-search
//! informed|plain]`: the reference implementation as a GTP engine on stdin/stdout (spec/protocol.md). The flags
//! choose the starting ruleset, for clients that speak standard GTP only, and the NAJ search's settings
//! (PROTO-8).

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let session = match gorules_ref::protocol::Session::from_args(&args) {
        Ok(s) => s,
        Err(e) => {
            eprintln!("gorules-engine: {e}");
            std::process::exit(2);
        }
    };
    let stdin = std::io::stdin();
    let stdout = std::io::stdout();
    if let Err(e) = gorules_ref::protocol::serve_session(session, stdin.lock(), stdout.lock()) {
        eprintln!("gorules-engine: {e}");
        std::process::exit(1);
    }
}
