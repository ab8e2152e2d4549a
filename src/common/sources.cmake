# What the tools share (sysfs I/O, number and size parsers, the printer of
# text, JSON and Prometheus), named once: src/common/CMakeLists.txt builds
# the library, tools/CMakeLists.txt the tools' static guest builds.
set(TOOLS_COMMON_SOURCES sysfs.c json.c print.c number.c size.c version.c)
list(TRANSFORM TOOLS_COMMON_SOURCES PREPEND ${CMAKE_CURRENT_LIST_DIR}/)
