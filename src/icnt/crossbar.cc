#include "icnt/crossbar.h"

#include <algorithm>
#include <utility>

#include <fmt/format.h>

#include "sim/simulation.h"

namespace warpsim {

Crossbar::Crossbar(Simulation& sim, std::string path, ClockDomainId clock,
                   const CrossbarConfig& config, std::uint32_t sms, std::uint32_t slices,
                   std::function<std::uint32_t(Addr)> slice_of)
    : Component(sim, std::move(path), clock),
      slice_of_(std::move(slice_of)),
      requests_(stats().child("request"), "sm", "slice", sms, slices, config,
                config.request_header_bytes,
                [this](const MemRequest& r) { return slice_of_(r.addr); }),
      replies_(stats().child("reply"), "slice", "sm", slices, sms, config,
               config.reply_header_bytes, [](const MemReply& r) { return r.sm; }) {}

void Crossbar::connect_sm(std::uint32_t sm, Link<MemRequest>* from_sm, Link<MemReply>* to_sm) {
  requests_.connect_input(sm, from_sm);
  replies_.connect_output(sm, to_sm);
}

void Crossbar::connect_slice(std::uint32_t slice, Link<MemRequest>* to_slice,
                             Link<MemReply>* from_slice) {
  requests_.connect_output(slice, to_slice);
  replies_.connect_input(slice, from_slice);
}

Wake Crossbar::tick(Cycle now) {
  const std::uint64_t next = std::min(requests_.step(now.value()), replies_.step(now.value()));
  return next == Subnetwork<MemRequest>::kNoWake ? Wake::on_input() : Wake::at(Cycle(next));
}

std::string Crossbar::describe_state() const {
  return fmt::format("requests: {}; replies: {}", requests_.describe_state(),
                     replies_.describe_state());
}

}  // namespace warpsim
