#!/bin/sh
# The Redis users of deploy/redis/users.acl with their passwords, from the environment:
# REDIS_PASSWORD for `default` (the operator's admin and the health check), and
# REDIS_<PROCESS>_PASSWORD for each process (REDIS_JOURNALS_PASSWORD, ...). Passwords must hold
# no spaces (hex: `openssl rand -hex 32`).
#   users.sh aclfile  an ACL file for `redis-server --aclfile` (compose's redis service)
#   users.sh setuser  ACL SETUSER commands for `redis-cli` on a Redis you do not start
#                     (a managed one, Kubernetes): `sh users.sh setuser | redis-cli -u ADMIN_URL`
set -eu
mode=${1:-aclfile}
rules=${USERS_ACL:-$(dirname "$0")/users.acl}

password_of() {
  var=$1
  eval "value=\${$var:-}"
  case "$value" in
    '' | *' '* | *'	'*)
      echo "users.sh: set $var (no spaces)" >&2
      exit 1
      ;;
  esac
  printf '%s' "$value"
}

case "$mode" in
  aclfile)
    admin=$(password_of REDIS_PASSWORD)
    printf 'user default on >%s ~* &* +@all\n' "$admin"
    ;;
  setuser) ;;
  *)
    echo "usage: users.sh aclfile|setuser" >&2
    exit 2
    ;;
esac
while read -r keyword name acl; do
  [ "$keyword" = user ] || continue
  password=$(password_of "REDIS_$(printf '%s' "$name" | tr 'a-z-' 'A-Z_')_PASSWORD")
  if [ "$mode" = aclfile ]; then
    printf 'user %s on >%s %s\n' "$name" "$password" "$acl"
  else
    printf 'ACL SETUSER %s reset on >%s %s\n' "$name" "$password" "$acl"
  fi
done <"$rules"
