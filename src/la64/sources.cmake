# The library's sources, named once: src/la64/CMakeLists.txt builds them,
# tests/fairlock/cross/CMakeLists.txt puts the decoder into la64dis's
# LoongArch test corpus.
set(LA64_DECODE_SOURCES decode.c format.c names.c)
set(LA64_SOURCES ${LA64_DECODE_SOURCES} encode.c parse.c)
list(TRANSFORM LA64_DECODE_SOURCES PREPEND ${CMAKE_CURRENT_LIST_DIR}/)
list(TRANSFORM LA64_SOURCES PREPEND ${CMAKE_CURRENT_LIST_DIR}/)
