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

# dcqcn_verilator_pch(<target>): the target's sources (the Verilated model's files and the
# bench) compile against one precompiled verilated.h (and the trace writer's header) per
# trace format, made once by the runtime library of that format (dcqcn_vlrt_<variant>,
# whose definitions VM_TRACE* are the target's). Every small generated file spent most of
# its 1.6-4 s compiling those headers (GCC 12, -O2, a 16-flow RP: __DepSet 3.3 -> 2.4 s,
# __Trace 3.9 -> 3.5 s). The run-once files compiled at -O0 (OPT_SLOW: __Slow, __Syms)
# cannot use a PCH made at -O2 (GCC refuses it: __OPTIMIZE__ differs) and skip it; at -O1
# they could, but one of the 1024-flow top's takes 15 s there against 3.8 s at -O0.
# Call after dcqcn_verilator_runtime().
function(dcqcn_verilator_pch target)
  get_target_property(vcd ${target} VERILATOR_TRACE_VCD)
  get_target_property(fst ${target} VERILATOR_TRACE_FST)
  if(fst)
    set(variant fst)
    set(hdr <verilated_fst_c.h>)
  elseif(vcd)
    set(variant vcd)
    set(hdr <verilated_vcd_c.h>)
  else()
    set(variant notrace)
    set(hdr "")
  endif()
  set(lib dcqcn_vlrt_${variant})
  if(NOT TARGET ${lib})
    message(FATAL_ERROR "dcqcn_verilator_pch(${target}): call dcqcn_verilator_runtime(${target}) first")
  endif()
  get_property(done GLOBAL PROPERTY DCQCN_VLRT_${variant}_PCH)
  if(NOT done)
    target_precompile_headers(${lib} PRIVATE <verilated.h> ${hdr})
    set_property(GLOBAL PROPERTY DCQCN_VLRT_${variant}_PCH ON)
  endif()
  if(NOT target STREQUAL lib)
    target_precompile_headers(${target} REUSE_FROM ${lib})
  endif()
  # the files compiled at -O0 (verilate()'s OPT_SLOW: Verilator's "Slow" list, __Syms and
  # __ConstPool included) read the headers as text, without GCC's "PCH not used" warning
  get_target_property(srcs ${target} SOURCES)
  foreach(s IN LISTS srcs)
    get_source_file_property(flags ${s} COMPILE_FLAGS)
    if(flags MATCHES "(^| )-O0( |$)")
      set_source_files_properties(${s} PROPERTIES SKIP_PRECOMPILE_HEADERS ON)
    endif()
  endforeach()
endfunction()
