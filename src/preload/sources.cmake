# The interposer's sources, named once: src/preload/CMakeLists.txt builds
# them for this machine, tests/preload/cross/CMakeLists.txt for arm64.
set(FLP_SOURCES setup.c wait.c mutex.c cond.c cond_seq.c rwlock.c rw_word.c spin_fork.c)
list(TRANSFORM FLP_SOURCES PREPEND ${CMAKE_CURRENT_LIST_DIR}/)
set(FLP_EXPORTS_MAP ${CMAKE_CURRENT_LIST_DIR}/exports.map)
