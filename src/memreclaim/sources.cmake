# memreclaim's library in its layers, each using only the ones above it in
# this list (tests/memreclaim/layers.py checks it):
#   cgroup/  the cgroup files: read, parsed, written (each from one place)
#   policy/  settings, the config file, the control law: no I/O
#   daemon/  the loop, the tick, the writers, metrics, reload, the endpoint
# The command line over them is tools/memreclaim/.  Named once for
# src/memreclaim/CMakeLists.txt and the static guest build.
set(MEMRECLAIM_SOURCES
  cgroup/cgroup.c cgroup/cgroup_parse.c cgroup/cgroup_write.c
  policy/settings.c policy/config.c policy/config_parse.c policy/control.c
  daemon/daemon.c daemon/daemon_config.c daemon/tick.c daemon/writers.c
  daemon/metrics.c daemon/http.c daemon/log.c daemon/stop.c)
list(TRANSFORM MEMRECLAIM_SOURCES PREPEND ${CMAKE_CURRENT_LIST_DIR}/)
