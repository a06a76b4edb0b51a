# Sourced by the measuring scripts: serves a folder with nginx (Debian's nginx-light) on
# 127.0.0.1, one worker, no access log, kept-alive connections without limit, no ETag or
# conditional answers, `.json` files as application/json.
#
#   start_loopback_nginx WORK     serves WORK/html; sets `port`, and stops nginx and removes
#                                 WORK when the script exits
#
# Sourcing it fails at once, before anything is built, when /usr/sbin/nginx is missing.

command -v /usr/sbin/nginx >/dev/null || { echo "nginx is required (apt-get install nginx-light)" >&2; exit 1; }

start_loopback_nginx() {
    local work=$1
    port=$((20000 + $$ % 20000))
    cat >"$work/nginx.conf" <<CONF
daemon off;
worker_processes 1;
pid $work/nginx.pid;
error_log $work/error.log;
events { worker_connections 4096; }
http {
    access_log off;
    types { application/json json; }
    keepalive_requests 1000000;
    etag off;
    if_modified_since off;
    client_body_temp_path $work;
    server { listen 127.0.0.1:$port; root $work/html; }
}
CONF
    /usr/sbin/nginx -p "$work" -c "$work/nginx.conf" -e "$work/error.log" &
    loopback_nginx=$!
    loopback_work=$work
    trap 'kill $loopback_nginx 2>/dev/null; wait $loopback_nginx 2>/dev/null; rm -rf "$loopback_work"' EXIT
    for _ in $(seq 1 50); do (exec 3<>/dev/tcp/127.0.0.1/$port) 2>/dev/null && break; sleep 0.1; done
}
