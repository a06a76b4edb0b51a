#!/usr/bin/env bash
# Builds the libFuzzer targets in Fuzz/Targets (each with the sources of the parser it
# exercises, under AddressSanitizer) and runs each for a while on its corpus.
#
#   scripts/fuzz.sh [seconds] [target ...]
#
# seconds: how long each target runs (default 60). Targets: json, jsonstream, jsonpath, sse, cookie, cookiejar,
# curl, template, form, yaml, config, formpart, multipart, openapi, linkheader, httpfile, assertion (default: all). Corpora grow in .build/fuzz/corpus/<target>, seeded from Fuzz/Corpus/<target>;
# a crash is written to .build/fuzz/crashes/<target>/ and the script exits non-zero. Prints
# each target's executions per second.
set -euo pipefail

seconds=${1:-60}
shift || true
root=$(cd "$(dirname "$0")/.." && pwd)
build="$root/.build/fuzz"
mkdir -p "$build"
flags=(-sanitize=fuzzer,address -parse-as-library -package-name hammock -O -g)
extra=()

# Swift modules the parsers import, built once as instrumented objects.
module() {
    local name=$1
    shift
    if [[ ! -f "$build/$name.o" ]] || [[ -n $(find "$@" -newer "$build/$name.o" -name '*.swift' 2>/dev/null) ]]; then
        swiftc "${flags[@]}" -I "$build" -wmo -module-name "$name" -emit-module -emit-module-path "$build/$name.swiftmodule" \
            -c -o "$build/$name.o" $(find "$@" -name '*.swift') 2> >(grep -v "Cannot export local symbol" >&2)
    fi
}

# libyaml (Yams' C part) as instrumented objects, then Yams on top of it.
yams() {
    local yams="$root/.build/checkouts/Yams/Sources"
    [[ -d $yams ]] || (cd "$root" && swift package resolve)
    mkdir -p "$build/cyaml"
    if [[ ! -f "$build/Yams.o" ]]; then
        for source in "$yams"/CYaml/src/*.c; do
            clang -fsanitize=fuzzer-no-link,address -O1 -g -DYAML_DECLARE_STATIC -I "$yams/CYaml/include" \
                -c "$source" -o "$build/cyaml/$(basename "$source" .c).o"
        done
        swiftc "${flags[@]}" -D SWIFT_PACKAGE -Xcc -DYAML_DECLARE_STATIC -I "$yams/CYaml/include" -wmo -module-name Yams \
            -emit-module -emit-module-path "$build/Yams.swiftmodule" -c -o "$build/Yams.o" "$yams"/Yams/*.swift \
            2> >(grep -v "Cannot export local symbol" >&2)
    fi
}

# target NAME "MODULES" SOURCE-PATHS...: the fuzz entry plus the parser's sources in one module.
target() {
    local name=$1 modules=$2
    shift 2
    local objects=()
    for dependency in $modules; do objects+=("$build/$dependency.o"); done
    swiftc "${flags[@]}" -I "$build" "${objects[@]}" ${extra[@]+"${extra[@]}"} -module-name "Fuzz_$name" \
        $(find "$@" -name '*.swift') "$root/Fuzz/Targets/$(entry "$name")" -o "$build/fuzz-$name" \
        2> >(grep -v "Cannot export local symbol" >&2)
}

entry() {
    case $1 in
        json) echo JSONDocumentFuzz.swift ;;
        jsonstream) echo JSONStreamIndexerFuzz.swift ;;
        jsonpath) echo JSONPathFuzz.swift ;;
        sse) echo ServerSentEventFuzz.swift ;;
        cookie) echo SetCookieFuzz.swift ;;
        curl) echo CurlImportFuzz.swift ;;
        template) echo TemplateFuzz.swift ;;
        form) echo FormBodyFuzz.swift ;;
        yaml) echo RequestFileFuzz.swift ;;
        config) echo ConfigFileFuzz.swift ;;
        cookiejar) echo CookieJarFileFuzz.swift ;;
        formpart) echo MultipartSpecFuzz.swift ;;
        multipart) echo MultipartReaderFuzz.swift ;;
        openapi) echo APIDescriptionFuzz.swift ;;
        linkheader) echo LinkHeaderFuzz.swift ;;
        httpfile) echo HTTPFileFuzz.swift ;;
        assertion) echo AssertionLineFuzz.swift ;;
    esac
}

# The files of the assertion and capture line language (Sources/Workspace/Run).
run_syntax_files() {
    local run="$root/Sources/Workspace/Run"
    echo "$run/RunQuery.swift" "$run/RunLineScanner.swift" "$run/RunSyntaxError.swift" "$run/RunValueText.swift" \
        "$run/RunAssertion.swift" "$run/RunFilter.swift" "$run/RunPredicate.swift" "$run/RunExpectedValue.swift" \
        "$run/RunValue.swift" "$root/Sources/Workspace/Support/RegexPattern.swift"
}

build_target() {
    case $1 in
        json) target json "" "$root/Sources/OrderedJSON" ;;
        jsonstream) target jsonstream "" "$root/Sources/OrderedJSON" ;;
        linkheader) target linkheader "" "$root/Sources/Workspace/Discovery" ;;
        jsonpath) target jsonpath "" "$root/Sources/OrderedJSON" ;;
        sse) target sse "" "$root/Sources/HTTPCore/Streams/ServerSentEvent.swift" \
            "$root/Sources/HTTPCore/Streams/ServerSentEventParser.swift" ;;
        cookie)
            target cookie "" "$root/Sources/HTTPCore/Cookies/HTTPSetCookieParser.swift" \
                "$root/Sources/HTTPCore/Cookies/HTTPCookieDate.swift" "$root/Sources/HTTPCore/Cookies/HTTPCookieRecord.swift" \
                "$root/Sources/HTTPCore/Cookies/HTTPCookieMatching.swift" "$root/Sources/HTTPCore/Client/HTTPHost.swift" \
                "$root/Sources/HTTPCore/Cookies/HTTPCookieDate.swift" ;;
        curl)
            module Safety "$root/Sources/Safety"
            target curl "Safety" "$root/Sources/Workspace/Curl" "$root/Sources/Workspace/Model" "$root/Sources/Workspace/Variables" \
                "$root/Sources/Workspace/Multipart" ;;
        formpart) target formpart "" "$root/Sources/Workspace/Multipart" ;;
        multipart)
            target multipart "" "$root/Sources/DemoAPI/Upload/MultipartStreamReader.swift" \
                "$root/Sources/DemoAPI/Upload/UploadChecksum.swift" ;;
        template)
            module Safety "$root/Sources/Safety"
            target template "Safety" "$root/Sources/Workspace/Variables" "$root/Sources/Workspace/Model" ;;
        form)
            module OrderedJSON "$root/Sources/OrderedJSON"
            module Safety "$root/Sources/Safety"
            # Only the part of Workspace the form body reads (the multipart part syntax).
            module Workspace "$root/Sources/Workspace/Multipart"
            target form "OrderedJSON Safety Workspace" "$root/Sources/Browser/Form/RequestBody.swift" \
                "$root/Sources/Browser/Form/FormError.swift" "$root/Sources/Browser/Form/BodyMode.swift" \
                "$root/Sources/Browser/URLs/PercentEncoding.swift" ;;
        yaml)
            yams
            extra=("$build"/cyaml/*.o -Xcc -DYAML_DECLARE_STATIC -I "$root/.build/checkouts/Yams/Sources/CYaml/include")
            module Safety "$root/Sources/Safety"
            module OrderedJSON "$root/Sources/OrderedJSON"
            target yaml "Yams Safety OrderedJSON" "$root/Sources/Workspace/Collection/RequestFile.swift" \
                "$root/Sources/Workspace/Collection/YAMLDocument.swift" "$root/Sources/Workspace/Collection/YAMLScalar.swift" \
                "$root/Sources/Workspace/Collection/RequestChecksYAML.swift" \
                "$root/Sources/Workspace/Model" "$root/Sources/Workspace/Variables" $(run_syntax_files) \
                "$root/Sources/Workspace/Run/RequestChecks.swift" "$root/Sources/Workspace/Run/CaptureRule.swift" \
                "$root/Sources/Workspace/Run/RetryRule.swift" "$root/Sources/Workspace/Run/DurationText.swift" ;;
        assertion)
            module OrderedJSON "$root/Sources/OrderedJSON"
            # The assertion and capture line language of request files and .http files.
            target assertion "OrderedJSON" $(run_syntax_files) ;;
        config)
            yams
            module Safety "$root/Sources/Safety"
            module TUICore "$root/Sources/TUICore"
            extra=("$build"/cyaml/*.o -Xcc -DYAML_DECLARE_STATIC -I "$root/.build/checkouts/Yams/Sources/CYaml/include")
            local theme="$root/Sources/Browser/Theme"
            # The built-in themes' source, written from themes/*.yaml as the build plugin writes it.
            swiftc -O "$root/Sources/ThemeEmbedderTool/ThemeEmbedderTool.swift" -o "$build/theme-embedder"
            "$build/theme-embedder" "$build/BuiltInThemeSources.swift" "$root"/themes/*.yaml
            target config "Yams Safety TUICore" "$build/BuiltInThemeSources.swift" "$theme/BuiltInThemes.swift" \
                "$theme/Theme.swift" \
                "$theme/ThemeCatalog.swift" "$theme/ThemeError.swift" "$theme/ThemeLoader.swift" "$theme/ThemeSlot.swift" \
                "$root/Sources/Browser/Support/XDGPaths.swift" "$root/Sources/Browser/Support/YAMLErrorSummary.swift" \
                "$root/Sources/Browser/Text/TextSanitizer.swift" \
                "$root/Sources/Browser/Keys" ;;
        openapi)
            yams
            module OrderedJSON "$root/Sources/OrderedJSON"
            extra=("$build"/cyaml/*.o -Xcc -DYAML_DECLARE_STATIC -I "$root/.build/checkouts/Yams/Sources/CYaml/include")
            # The API description reader is the part of Workspace in Sources/Workspace/OpenAPI.
            target openapi "Yams OrderedJSON" "$root/Sources/Workspace/OpenAPI" ;;
        cookiejar)
            target cookiejar "" "$root/Sources/HTTPCore/Cookies/HTTPCookieJarFile.swift" \
                "$root/Sources/HTTPCore/Cookies/HTTPCookieJarFileError.swift" "$root/Sources/HTTPCore/Cookies/HTTPCookieRecord.swift" \
                "$root/Sources/HTTPCore/Cookies/HTTPCookieMatching.swift" "$root/Sources/HTTPCore/Client/HTTPHost.swift" \
                "$root/Sources/HTTPCore/Cookies/HTTPCookieDate.swift" ;;
        httpfile)
            module Safety "$root/Sources/Safety"
            module OrderedJSON "$root/Sources/OrderedJSON"
            # The .http reader, writer and mapping (not the environment files), with the model
            # types they fill and the assertion syntax the mapped checks must read as.
            local workspace="$root/Sources/Workspace" run="$root/Sources/Workspace/Run"
            target httpfile "Safety OrderedJSON" "$workspace"/HTTPFile/*.swift "$workspace/HTTPFile/Mapping" \
                "$workspace/Model" "$workspace/Variables" "$workspace/Multipart" "$run/RequestChecks.swift" \
                "$run/CaptureRule.swift" "$run/RetryRule.swift" "$run/DurationText.swift" "$run/RunQuery.swift" \
                "$run/RunLineScanner.swift" "$run/RunSyntaxError.swift" "$run/RunValueText.swift" "$run/RunAssertion.swift" \
                "$run/RunFilter.swift" "$run/RunPredicate.swift" "$run/RunExpectedValue.swift" "$run/RunValue.swift" \
                "$workspace/Environment/EnvironmentVariable.swift" "$workspace/Support/OneLine.swift" \
                "$workspace/Support/RegexPattern.swift" ;;
        *) echo "unknown target: $1 (json, jsonstream, jsonpath, sse, cookie, cookiejar, curl, template, form, yaml, config, formpart, multipart, openapi, linkheader, httpfile, assertion)" >&2; exit 2 ;;
    esac
}

targets=("$@")
[[ ${#targets[@]} -eq 0 ]] && targets=(json jsonstream jsonpath sse cookie cookiejar curl template form yaml config formpart multipart openapi linkheader httpfile assertion)
status=0
for name in "${targets[@]}"; do
    echo "== $name: building"
    build_target "$name"
    corpus="$build/corpus/$name"
    crashes="$build/crashes/$name"
    mkdir -p "$corpus" "$crashes"
    cp -n "$root/Fuzz/Corpus/$name/"* "$corpus/" 2>/dev/null || true
    echo "== $name: running ${seconds} s"
    if SWIFT_BACKTRACE=enable=no "$build/fuzz-$name" -max_total_time="$seconds" -print_final_stats=1 -artifact_prefix="$crashes/" \
        -max_len=65536 "$corpus" > "$build/$name.log" 2>&1; then
        rate=$(grep -o 'average_exec_per_sec: *[0-9]*' "$build/$name.log" | grep -o '[0-9]*$')
        echo "== $name: clean, ${rate:-?} executions per second"
    else
        status=1
        echo "== $name: FAILED, see $build/$name.log and $crashes" >&2
        grep -m1 -A12 "ERROR\|Fatal error\|Precondition failed" "$build/$name.log" >&2 || tail -20 "$build/$name.log" >&2
    fi
done
exit $status
