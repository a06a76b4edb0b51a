# Sourced by the measuring scripts: serves a folder with nginx (Debian's nginx-light) on
# 127.0.0.1, configured by loopback-nginx.conf beside this file.
#
#   start_loopback_nginx WORK     serves WORK/html; sets `port`, and stops nginx and removes
#                                 WORK when the script exits
#
# Sourcing it fails at once, before anything is built, when /usr/sbin/nginx is missing.

command -v /usr/sbin/nginx >/dev/null || { echo "nginx is required (apt-get install nginx-light)" >&2; exit 1; }

loopback_nginx_conf="$(dirname "${BASH_SOURCE[0]}")/loopback-nginx.conf"

start_loopback_nginx() {
    local work=$1
    port=$((20000 + $$ % 20000))
    sed -e "s|@WORK@|$work|g" -e "s|@PORT@|$port|g" "$loopback_nginx_conf" >"$work/nginx.conf"
    /usr/sbin/nginx -p "$work" -c "$work/nginx.conf" -e "$work/error.log" &
    loopback_nginx=$!
    loopback_work=$work
    trap 'kill $loopback_nginx 2>/dev/null; wait $loopback_nginx 2>/dev/null; rm -rf "$loopback_work"' EXIT
    for _ in $(seq 1 50); do (exec 3<>/dev/tcp/127.0.0.1/$port) 2>/dev/null && break; sleep 0.1; done
}
