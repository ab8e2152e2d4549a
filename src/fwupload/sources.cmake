# fwupload's library (the upload state machine over a device's sysfs
# files), named once for src/fwupload/CMakeLists.txt and the static guest
# build in tools/CMakeLists.txt.
set(FWUPLOAD_SOURCES codes.c device.c upload.c image.c progress.c)
list(TRANSFORM FWUPLOAD_SOURCES PREPEND ${CMAKE_CURRENT_LIST_DIR}/)
