# libFuzzer targets, each linking the library the tool itself runs, so a
# source file added to a tool is fuzzed without touching the scripts.
# Included by the top-level CMakeLists.txt when FL_FUZZ is on; the fuzz
# scripts build one target and run it.
add_executable(fuzz_mr_parsers ${CMAKE_CURRENT_LIST_DIR}/../memreclaim/fuzz_parsers.c)
target_link_libraries(fuzz_mr_parsers PRIVATE memreclaim_core)
add_executable(fuzz_la64dis_elf ${CMAKE_CURRENT_LIST_DIR}/../la64/fuzz_elf.c)
target_link_libraries(fuzz_la64dis_elf PRIVATE la64dis_core)
foreach(t fuzz_mr_parsers fuzz_la64dis_elf)
  target_link_options(${t} PRIVATE -fsanitize=fuzzer)
endforeach()
