# SPDX-License-Identifier: MIT
# One copy of Verilator's runtime per trace format, shared by every Verilated target.
#
# verilate() adds Verilator's runtime sources (verilated.cpp, the VCD or FST writer and
# the thread pool: the generated <prefix>_GLOBAL list) to every target it is called on,
# so each of the ~25 lock-step benches and engines compiled its own copy: about 1300 s
# of CPU, a quarter of the build (measured from build/.ninja_log, 2026-11-27).
# dcqcn_verilator_runtime(<target>) takes them out of the target again and links one
# static library per variant (no trace, VCD, FST) built once with the same definitions
# (VM_TRACE*, VM_COVERAGE = 0, VM_SC = 0: no target of this project uses coverage or
# SystemC mode in its Verilated models). Call it after the target's last verilate().
function(dcqcn_verilator_runtime target)
  get_target_property(srcs ${target} SOURCES)
  set(kept "")
  set(runtime "")
  foreach(s IN LISTS srcs)
    if(s MATCHES "^${VERILATOR_ROOT}/include/verilated[a-z_]*\\.cpp$")
      list(APPEND runtime ${s})
    else()
      list(APPEND kept ${s})
    endif()
  endforeach()
  if(NOT runtime)
    message(FATAL_ERROR "dcqcn_verilator_runtime(${target}): no Verilator runtime source "
                        "in the target; call it after verilate(${target} ...)")
  endif()
  list(REMOVE_DUPLICATES runtime)
  list(SORT runtime)
  get_target_property(vcd ${target} VERILATOR_TRACE_VCD)
  get_target_property(fst ${target} VERILATOR_TRACE_FST)
  if(fst)
    set(variant fst)
  elseif(vcd)
    set(variant vcd)
  else()
    set(variant notrace)
  endif()
  set(lib dcqcn_vlrt_${variant})
  if(NOT TARGET ${lib})
    add_library(${lib} STATIC ${runtime})
    # a global target: the libraries live in the directory of the first caller
    set_property(GLOBAL PROPERTY DCQCN_VLRT_${variant}_SOURCES "${runtime}")
    target_include_directories(${lib} PUBLIC ${VERILATOR_ROOT}/include
                                             ${VERILATOR_ROOT}/include/vltstd)
    set(t 0)
    set(tv 0)
    set(tf 0)
    if(fst)
      set(t 1)
      set(tf 1)
    elseif(vcd)
      set(t 1)
      set(tv 1)
    endif()
    target_compile_definitions(${lib} PRIVATE VM_COVERAGE=0 VM_SC=0 VM_TRACE=${t}
                               VM_TRACE_VCD=${tv} VM_TRACE_FST=${tf})
    target_compile_options(${lib} PRIVATE -w)  # not our code: Verilator's own sources
    target_link_libraries(${lib} PUBLIC ${VERILATOR_MT_CFLAGS})
    if(fst)
      target_link_libraries(${lib} PUBLIC z)
    endif()
  else()
    get_property(have GLOBAL PROPERTY DCQCN_VLRT_${variant}_SOURCES)
    if(NOT have STREQUAL runtime)
      message(FATAL_ERROR "dcqcn_verilator_runtime(${target}): runtime sources ${runtime} "
                          "differ from those of ${lib} (${have})")
    endif()
  endif()
  set_property(TARGET ${target} PROPERTY SOURCES ${kept})
  get_target_property(type ${target} TYPE)
  if(type STREQUAL "OBJECT_LIBRARY")
    target_link_libraries(${target} PUBLIC ${lib})   # its users link the runtime
  else()
    target_link_libraries(${target} PRIVATE ${lib})
  endif()
endfunction()
