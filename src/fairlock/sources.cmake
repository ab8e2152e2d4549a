# The library's sources, named once: src/fairlock/CMakeLists.txt builds
# them for this machine, tests/fairlock/cross/CMakeLists.txt for other
# architectures and for the bare-metal OpenRISC board.
#
# The spinning locks need nothing from an operating system; the rest
# (thread indices, futex parking, the mutex) need threads and futexes.
set(FAIRLOCK_SPIN_SOURCES ticket.c qspinlock.c qrwlock.c)
set(FAIRLOCK_SOURCES common.c ${FAIRLOCK_SPIN_SOURCES} ticket_park.c parking.c mutex.c thread_index.c)
list(TRANSFORM FAIRLOCK_SPIN_SOURCES PREPEND ${CMAKE_CURRENT_LIST_DIR}/)
list(TRANSFORM FAIRLOCK_SOURCES PREPEND ${CMAKE_CURRENT_LIST_DIR}/)
