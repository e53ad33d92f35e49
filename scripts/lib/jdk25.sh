# jdk25.sh: sourced by scripts that start JVMs themselves; sets $java to a JDK 25+ java, as ./dat finds it
# (JAVA_HOME first, then the usual install directories), or exits with status 2.
java=""
for d in "${JAVA_HOME:-/nonexistent}" /usr/lib/jvm/* /opt/java/* /opt/jdk* /usr/local/lib/jvm/*; do
  v=$(sed -n 's/^JAVA_VERSION="\([0-9]*\).*/\1/p' "$d/release" 2>/dev/null | head -n 1)
  if [ -n "$v" ] && [ "$v" -ge 25 ] && [ -x "$d/bin/java" ]; then java="$d/bin/java"; break; fi
done
[ -n "$java" ] || { echo "$(basename "$0"): no JDK 25 (JAVA_HOME, /usr/lib/jvm, /opt/java, /opt/jdk*)" >&2; exit 2; }
